import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tokenize } from '../../../src/domain/shell/tokenize.js';
import { sampleShellish } from './tokenizeCorpus.js';
import { tempDir } from '../../support/tempDirs.js';

/**
 * Differential test: every accepted string must give the same words in real bash and dash.
 * All strings run in one shell process per shell (a script of `p <text>` lines), for speed.
 */
const home = tempDir('shimctl-tok-');
const opts = { home };
const env = { PATH: '/usr/bin:/bin', HOME: home, LC_ALL: 'C.UTF-8' };
const MARK = '\u0001';

function runScript(shell: string, lines: string[]): string[][] {
  const file = join(home, `corpus-${shell.replaceAll('/', '_')}.sh`);
  const prelude = `p() { for w in "$@"; do printf '%s\\0' "$w"; done; printf '${MARK}\\0'; }\nq() { printf '%s\\0' "$A"; printf '${MARK}\\0'; }\n`;
  writeFileSync(file, `${prelude}${lines.join('\n')}\n`);
  const out = execFileSync(shell, [file], { env, cwd: home, stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 1 << 24 });
  const groups: string[][] = [[]];
  for (const part of out.toString('utf8').split('\0').slice(0, -1)) {
    if (part === MARK) groups.push([]);
    else groups[groups.length - 1]!.push(part);
  }
  return groups.slice(0, -1);
}

/** A script line ending in a backslash would continue onto the next line; `-c` text would not. */
const endsInBackslash = (s: string): boolean => /(^|[^\\])(\\\\)*\\$/.test(s);

const tableTexts: string[] = (
  JSON.parse(readFileSync(new URL('../tokenize.cases.json', import.meta.url), 'utf8')) as Array<{ text: string }>
).map((c) => c.text);

function acceptedArgs(): Array<{ line: string; words: string[] }> {
  const out: Array<{ line: string; words: string[] }> = [];
  for (const text of [...tableTexts, ...sampleShellish(6000, 20261129)]) {
    const line = `p ${text}`;
    if (endsInBackslash(line)) continue;
    const r = tokenize(line, opts);
    if (r.ok && r.words[0] === 'p') out.push({ line, words: r.words.slice(1) });
  }
  return out;
}

function acceptedAssignments(): Array<{ line: string; value: string }> {
  const out: Array<{ line: string; value: string }> = [];
  for (const text of sampleShellish(6000, 7)) {
    const line = `A=${text} q`;
    if (endsInBackslash(line)) continue;
    const r = tokenize(line, opts);
    if (r.ok && r.words.length === 2 && r.words[1] === 'q' && r.words[0]!.startsWith('A=')) {
      out.push({ line, value: r.words[0]!.slice(2) });
    }
  }
  return out;
}

describe('tokenize agrees with real shells', () => {
  const args = acceptedArgs();
  const assignments = acceptedAssignments();

  it('the corpus is a few hundred accepted strings', () => {
    expect(args.length).toBeGreaterThan(300);
    expect(assignments.length).toBeGreaterThan(100);
  });

  for (const shell of ['/bin/bash', '/usr/bin/dash']) {
    it(`${shell}: argument words`, () => {
      const got = runScript(
        shell,
        args.map((a) => a.line),
      );
      expect(got.length).toBe(args.length);
      const mismatches = args
        .map((a, k) => ({ line: a.line, ours: a.words, shell: got[k] }))
        .filter((m) => JSON.stringify(m.ours) !== JSON.stringify(m.shell));
      expect(mismatches).toEqual([]);
    });
    it(`${shell}: leading assignment values (tilde after = and :)`, () => {
      const got = runScript(
        shell,
        assignments.map((a) => a.line),
      );
      expect(got.length).toBe(assignments.length);
      const mismatches = assignments
        .map((a, k) => ({ line: a.line, ours: a.value, shell: got[k]?.[0] }))
        .filter((m) => m.ours !== m.shell);
      expect(mismatches).toEqual([]);
    });
  }
});
