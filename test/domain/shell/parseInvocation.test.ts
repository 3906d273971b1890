import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseShellInvocation } from '../../../src/domain/shell/parseInvocation.js';
import { AGENTS_DIR } from './agentFixtures.js';
import { tempDir } from '../../support/tempDirs.js';

interface Case {
  args: string[];
  note?: string;
  expect?: Record<string, unknown>;
  unsupported?: string;
}
const cases: Case[] = JSON.parse(readFileSync(new URL('./invocation.cases.json', import.meta.url), 'utf8'));

const home = tempDir('shimctl-inv-');
const hermeticEnv = { PATH: '/usr/local/bin:/usr/bin:/bin', HOME: home };

/** Runs real bash with `args`, the command string (or script file) swapped for a probe that reports what bash bound. */
function bashBinds(args: string[]): string[] {
  const out = execFileSync('/bin/bash', args, { env: hermeticEnv, stdio: ['ignore', 'pipe', 'ignore'], cwd: home });
  return out.toString('utf8').split('\0').slice(0, -1);
}
const PROBE = 'printf "%s\\0" "$0" "$@"; shopt -q login_shell && printf "L\\0"; [[ $- == *i* ]] && printf "I\\0"; true';

describe('parseShellInvocation: table', () => {
  for (const c of cases) {
    it(`${JSON.stringify(c.args)}${c.note ? ` (${c.note})` : ''}`, () => {
      const r = parseShellInvocation(c.args);
      if (c.unsupported !== undefined) {
        expect(r.kind).toBe('unsupported');
        if (r.kind === 'unsupported') expect(r.reason).toContain(c.unsupported);
      } else {
        expect(r).toEqual(c.expect);
      }
    });
  }
});

describe('parseShellInvocation: agrees with real bash on what it binds', () => {
  const commandCases = cases.filter((c) => c.expect?.kind === 'command');
  for (const c of commandCases) {
    it(`${JSON.stringify(c.args)}`, () => {
      const r = parseShellInvocation(c.args);
      if (r.kind !== 'command') throw new Error('expected a command');
      const at = c.args.indexOf(r.script, c.args.length - 1 - r.positional.length - (r.argv0 === undefined ? 0 : 1));
      const probed = [...c.args];
      probed[at] = PROBE;
      const bound = bashBinds(probed);
      const tail = bound.filter((x, k) => k > r.positional.length && (x === 'L' || x === 'I'));
      expect(bound[0]).toBe(r.argv0 ?? '/bin/bash');
      expect(bound.slice(1, 1 + r.positional.length)).toEqual(r.positional);
      expect(tail.includes('L')).toBe(r.login);
      expect(tail.includes('I')).toBe(r.interactive);
    });
  }
  const scriptCases = cases.filter((c) => c.expect?.kind === 'script');
  for (const c of scriptCases) {
    it(`${JSON.stringify(c.args)} runs the script file`, () => {
      const r = parseShellInvocation(c.args);
      if (r.kind !== 'script') throw new Error('expected a script');
      const file = join(home, 'probe.sh');
      writeFileSync(file, `${PROBE}\n`);
      const probed = [...c.args];
      probed[c.args.length - 1 - r.args.length] = file;
      const bound = bashBinds(probed);
      expect(bound.slice(0, 1 + r.args.length)).toEqual([file, ...r.args]);
    });
  }
  it('bash itself refuses a long option after short ones (why we call it unsupported)', () => {
    expect(() => execFileSync('/bin/bash', ['-c', '--norc', 'true'], { stdio: 'ignore', env: hermeticEnv })).toThrow();
  });
});

describe('parseShellInvocation: every argv real agents used', () => {
  const files = readdirSync(AGENTS_DIR).filter((f) => f.endsWith('.jsonl') && f !== 'codex.jsonl');
  it('covers the PATH-visible agents', () => {
    expect(files.sort()).toEqual([
      'claude-2.1.332.jsonl',
      'claude-bashrc.jsonl',
      'claude-current.jsonl',
      'claude-no-snapshot.jsonl',
      'claude.jsonl',
      'cn.jsonl',
      'copilot.jsonl',
      'gemini.jsonl',
      'opencode.jsonl',
      'qwen.jsonl',
    ]);
  });
  for (const f of files) {
    const lines = readFileSync(join(AGENTS_DIR, f), 'utf8').split('\n').filter(Boolean);
    lines.forEach((line, n) => {
      const { args } = JSON.parse(line) as { args: string[] };
      it(`${f}:${n + 1} is a command whose string is the last argument`, () => {
        const r = parseShellInvocation(args);
        expect(r.kind).toBe('command');
        if (r.kind === 'command') {
          expect(r.script).toBe(args[args.length - 1]);
          expect(r.positional).toEqual([]);
          expect(r.argv0).toBeUndefined();
          expect(r.login).toBe(args.includes('-l'));
        }
      });
    });
  }
  it('codex: its login shell (-lc) and the inner exec (-c) parse as commands', () => {
    const lines = readFileSync(join(AGENTS_DIR, 'codex.jsonl'), 'utf8').split('\n').filter(Boolean);
    for (const line of lines) {
      const { exec_string: s } = JSON.parse(line) as { exec_string: string };
      expect(parseShellInvocation(['-lc', s])).toMatchObject({ kind: 'command', script: s, login: true });
      expect(parseShellInvocation(['-c', s])).toMatchObject({ kind: 'command', script: s, login: false });
    }
  });
});
