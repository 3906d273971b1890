// Node's own variables from the agent's environment must never reach the review core's Node:
// NODE_OPTIONS=--require FILE would run code inside the reviewer. The shim moves them aside and
// the command that runs gets them back only if the env allow-list keeps them.
import { spawnSync } from 'node:child_process';
import { existsSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { e2eHome } from './e2eHome.js';

describe('Node variables and the review core', () => {
  const h = e2eHome();
  const shim = join(h.home, '.local/share/shimctl/shims/bash');
  const preload = join(h.workspace, '..', 'preload.cjs');
  const planted = join(h.workspace, '..', 'preload-ran');
  writeFileSync(preload, `require('fs').writeFileSync(${JSON.stringify(planted)}, String(process.pid));\n`);

  const run = (command: string, mode: string) =>
    spawnSync(shim, ['-c', command], {
      cwd: h.workspace,
      env: { ...h.env, NODE_OPTIONS: `--require ${preload}`, SHIMCTL_DAEMON: mode },
      encoding: 'utf8',
      timeout: 60_000,
    });

  for (const mode of ['off', 'nostart']) {
    it(`a --require in NODE_OPTIONS does not run inside the reviewer (SHIMCTL_DAEMON=${mode})`, () => {
      rmSync(planted, { force: true });
      const allowed = run('ls', mode);
      expect(allowed.status).toBe(0);
      const blocked = run('cat ~/.ssh/id_rsa', mode);
      expect(blocked.status).toBe(126);
      expect(existsSync(planted)).toBe(false);
    });
  }

  it('the control case: the same NODE_OPTIONS does run a node started directly (the test can fail)', () => {
    rmSync(planted, { force: true });
    spawnSync(process.execPath, ['-e', '0'], { env: { ...h.env, NODE_OPTIONS: `--require ${preload}` } });
    expect(existsSync(planted)).toBe(true);
  });
});
