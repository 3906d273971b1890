// Node's own variables from the agent's environment must never reach the review core's Node:
// NODE_OPTIONS=--require FILE would run code inside the reviewer. The shim moves them aside and
// the command that runs gets them back only if the env allow-list keeps them.
import { spawnSync } from 'node:child_process';
import { existsSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { daemonFiles, readLockPid } from '../../src/infrastructure/daemon/daemonFiles.js';
import { alive, waitFor } from '../daemon/harness.js';
import { stopDaemon } from '../install/cliHarness.js';
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
      // '' leaves SHIMCTL_DAEMON unset: the compiled client then starts the resident review process.
      env: { ...h.env, NODE_OPTIONS: `--require ${preload}`, ...(mode ? { SHIMCTL_DAEMON: mode } : {}) },
      encoding: 'utf8',
      timeout: 60_000,
    });
  const daemon = daemonFiles(join(h.home, '.local/state/shimctl/run'));

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

  it('a --require in NODE_OPTIONS does not run inside the resident review process (SHIMCTL_DAEMON unset)', async () => {
    rmSync(planted, { force: true });
    try {
      // The first command finds no daemon: the client starts one (with only the daemon's variables) and falls back.
      expect(run('ls', '').status).toBe(0);
      expect(await waitFor(() => alive(readLockPid(daemon)) && existsSync(daemon.socket), 15_000)).toBe(true);
      // Now served by that resident process.
      const allowed = run('ls', '');
      expect(allowed.status).toBe(0);
      const blocked = run('cat ~/.ssh/id_rsa', '');
      expect(blocked.status).toBe(126);
      expect(alive(readLockPid(daemon))).toBe(true);
      expect(existsSync(planted)).toBe(false);
    } finally {
      stopDaemon(h.env);
    }
  });

  it('the control case: the same NODE_OPTIONS does run a node started directly (the test can fail)', () => {
    rmSync(planted, { force: true });
    spawnSync(process.execPath, ['-e', '0'], { env: { ...h.env, NODE_OPTIONS: `--require ${preload}` } });
    expect(existsSync(planted)).toBe(true);
  });
});
