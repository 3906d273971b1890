// `bash --version` / `--help` is allowed without a review of anything else, so the real shell
// must get only those flags: whatever else the agent put after them never reaches it.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { e2eHome } from './e2eHome.js';

describe('shell info requests', () => {
  const h = e2eHome();
  const shim = (name: string) => join(h.home, '.local/share/shimctl/shims', name);
  const cases: Array<[string, string[]]> = [
    ['bash', ['--version', '-c', 'touch made-by-info']],
    ['bash', ['--help', '-c', 'touch made-by-info']],
    ['bash', ['--version', '--norc', '-c', 'touch made-by-info']],
    ['sh', ['--version', '-c', 'touch made-by-info']],
  ];
  for (const [name, args] of cases) {
    it(`${name} ${args.join(' ')}: only the info flags reach the real shell`, () => {
      const r = spawnSync(shim(name), args, {
        cwd: h.workspace,
        env: { ...h.env, SHIMCTL_DAEMON: 'off' },
        encoding: 'utf8',
        timeout: 60_000,
      });
      expect(existsSync(join(h.workspace, 'made-by-info'))).toBe(false);
      if (name === 'bash') expect(r.stdout).toMatch(/GNU bash/);
    });
  }
});

describe('chooseExecution for an info request', () => {
  // The end-to-end cases above would pass with any bash (it stops at --version); this one pins the
  // rule itself, so a shell that read on after --version still would not get the rest.
  it('hands the real shell the info flags and nothing else', async () => {
    const { chooseExecution } = await import('../../src/application/intercept/chooseExecution.js');
    const { parseShellInvocation } = await import('../../src/domain/shell/parseInvocation.js');
    const args = ['--version', '--norc', '-c', 'touch x', 'argv0', 'y'];
    const inv = parseShellInvocation(args);
    expect(inv.kind).toBe('info');
    const allow = {
      verdict: { decision: 'allow' as const, risk: 'low' as const, reasons: [], rule_ids: [] },
      trace: [],
    };
    expect(chooseExecution(inv, allow, '/usr/bin/bash', 'bash', args)).toEqual({
      file: '/usr/bin/bash',
      args: ['--version', '--norc'],
      argv0: 'bash',
      via: 'shell',
    });
  });
});
