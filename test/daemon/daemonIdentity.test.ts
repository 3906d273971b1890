// The resident process proves who it is (issue 17 item 5). A command running as the agent's user
// can kill the real daemon and serve the socket path itself, with a token it wrote: the same uid,
// an owner-only directory and a readable token prove nothing. The installed shims and the guard's
// client must then not run anything the stand-in says; the per-command core reviews instead.
// The stand-ins are in test/daemon/fixtures/ and are named as attacker stand-ins.
import { spawn, spawnSync } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { copyFileSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CLI, ROOT } from '../install/cliHarness.js';
import type { FastHome } from './harness.js';
import { alive, daemonPid, fastHome, startDaemon, stopDaemon, waitFor } from './harness.js';

const FIXTURES = join(ROOT, 'test', 'daemon', 'fixtures');
let h: FastHome;
let fake: ChildProcess | undefined;
const pwned = () => join(h.home, 'pwned');
const fakeLog = () => join(h.home, 'fake.log');
const connections = () =>
  existsSync(fakeLog()) ? readFileSync(fakeLog(), 'utf8').split('\n').filter(Boolean).length : 0;
const installed = (name: string) => join(h.home, '.local/share/shimctl/shims', name);

beforeEach(() => {
  h = fastHome();
  // The real one first, then killed the way the attack did it: its socket, lock and token stay behind.
  const pid = startDaemon(h);
  process.kill(pid, 'SIGKILL');
});
afterEach(() => {
  fake?.kill('SIGKILL');
  fake = undefined;
  stopDaemon(h);
});

async function serveFake(file: string, args: string[], env: Record<string, string>): Promise<void> {
  const child = spawn(file, args, { env, stdio: ['ignore', 'pipe', 'inherit'] });
  fake = child;
  await new Promise<void>((resolve, reject) => {
    child.stdout!.once('data', () => resolve());
    child.once('exit', (code) => reject(new Error(`the stand-in exited (${code})`)));
  });
}

function run(file: string, args: string[]): Promise<{ status: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, { env: h.env, cwd: h.project, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, stderr }));
  });
}

/** Each stand-in, started as an attacker would; all answer "run" to every request. */
const standIns: Array<[string, () => Promise<void>]> = [
  [
    'python3 (not node)',
    () => serveFake('python3', [join(FIXTURES, 'fakeDaemon.py'), h.runDir, pwned(), fakeLog()], { HOME: h.home }),
  ],
  [
    'node at the recorded path running another script',
    () =>
      serveFake(
        process.execPath,
        ['--max-semi-space-size=32', join(FIXTURES, 'fakeDaemon.cjs'), 'daemon', 'run', h.runDir, pwned(), fakeLog()],
        { HOME: h.home },
      ),
  ],
  [
    'the real entry with code preloaded through NODE_OPTIONS',
    async () => {
      // A copy, so the preload finds its arguments next to itself (nothing extra in the environment
      // but NODE_OPTIONS, which the preload removes from process.env before the daemon looks).
      const preload = join(h.home, 'preload.cjs');
      copyFileSync(join(FIXTURES, 'fakeDaemon.cjs'), preload);
      writeFileSync(`${preload}.args`, [h.runDir, pwned(), fakeLog()].join('\n'));
      // The killed daemon's lock still names its pid (a zombie until reaped): the attacker removes it.
      rmSync(join(h.runDir, 'daemon.lock'), { force: true });
      const child = spawn(process.execPath, ['--max-semi-space-size=32', h.entry, 'daemon', 'run'], {
        env: { HOME: h.home, NODE_OPTIONS: `--require ${preload}` },
        stdio: 'ignore',
      });
      fake = child;
      expect(await waitFor(() => daemonPid(h) === child.pid && existsSync(join(h.runDir, 'daemon.sock')))).toBe(true);
    },
  ],
];

describe('a stand-in on the daemon socket is not trusted', () => {
  it.each(standIns)(
    '%s: the installed bash shim does not run what it says; the per-command core reviews',
    async (_name, start) => {
      await start();
      const before = connections();
      const blocked = await run(installed('bash'), ['-c', 'rm -rf /']);
      // The stand-in logs a connection when its event loop accepts it, which can come after the
      // client has given up on it and exited (the preloaded real daemon may still be warming up).
      expect(await waitFor(() => connections() >= before + 1), 'the client reached the stand-in').toBe(true);
      expect(connections()).toBe(before + 1);
      expect(existsSync(pwned())).toBe(false);
      expect(blocked.status, blocked.stderr).toBe(126);
      expect(blocked.stderr).toContain('shimctl-client: fallback: daemon identity: ');
      // An allowed command still runs, reviewed by the per-command core.
      const ok = await run(installed('bash'), ['-c', 'touch reviewed-ok']);
      expect(ok.status, ok.stderr).toBe(0);
      expect(existsSync(join(h.project, 'reviewed-ok'))).toBe(true);
      expect(existsSync(pwned())).toBe(false);
      // `shimctl daemon status` says what is on the socket instead of "running".
      const status = spawnSync(process.execPath, [CLI, 'daemon', 'status', '--json'], { env: h.env, encoding: 'utf8' });
      expect(status.status).toBe(3);
      expect(JSON.parse(status.stdout)).toMatchObject({ running: false, notShimctl: expect.any(String) });
    },
  );

  it.each(standIns)('%s: the guard\'s client (check mode) does not take its "0"', async (_name, start) => {
    await start();
    const before = connections();
    const r = await run(installed('shimctl-client'), [
      '--check',
      process.execPath,
      h.entry,
      'bash',
      '/bin/bash',
      '-c',
      'rm -rf /',
    ]);
    expect(await waitFor(() => connections() >= before + 1), 'the client reached the stand-in').toBe(true);
    expect(connections()).toBe(before + 1);
    expect(r.status, r.stderr).toBe(126);
  });

  it('the control: the real daemon, started as the shims start it, is trusted (fast path, no fallback)', async () => {
    rmSync(join(h.runDir, 'daemon.lock'), { force: true }); // the killed one's (a zombie until reaped)
    const pid = startDaemon(h);
    expect(alive(pid)).toBe(true);
    const r = await run(installed('bash'), ['-c', 'true']);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stderr).toContain('shimctl-client: daemon: accepted');
    expect(r.stderr).not.toContain('fallback');
    const status = spawnSync(process.execPath, [CLI, 'daemon', 'status', '--json'], { env: h.env, encoding: 'utf8' });
    expect(JSON.parse(status.stdout)).toMatchObject({ running: true, pid });
  });
});
