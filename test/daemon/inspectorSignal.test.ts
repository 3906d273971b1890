// Node opens its debugger (the inspector, on 127.0.0.1:9229) when it gets SIGUSR1. Any command the
// agent runs may send that signal to the review core (same user; the resident process's pid is in
// its lock file) and then evaluate code inside the reviewer through the inspector. The review core,
// per-command or resident, must not open it.
import { spawn } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { auditRecords, daemonPid, fastHome, findSleep, startDaemon, stopDaemon, waitFor } from './harness.js';
import { listensOnTcp } from './listeningSockets.js';

describe('SIGUSR1 does not open a debugger in the review core', () => {
  const h = fastHome();
  afterAll(() => stopDaemon(h));

  it('control: a plain node does open it (the test can fail)', async () => {
    const node = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 5000)'], { stdio: 'ignore' });
    await new Promise((r) => setTimeout(r, 300));
    process.kill(node.pid!, 'SIGUSR1');
    expect(await waitFor(() => false, 500)).toBe(false);
    const opened = listensOnTcp(node.pid!);
    node.kill('SIGKILL');
    expect(opened).toBe(true);
  });

  it('the resident review process', async () => {
    const pid = startDaemon(h);
    process.kill(pid, 'SIGUSR1');
    await waitFor(() => false, 500);
    expect(listensOnTcp(pid)).toBe(false);
    expect(daemonPid(h)).toBe(pid); // and it keeps serving
  });

  it('the per-command core while its command runs (and the command is still recorded once)', async () => {
    const token = `29.${process.pid}`;
    const shim = spawn(h.client, [h.node, h.entry, 'bash', '/bin/bash', '-c', `sleep ${token}`], { env: { ...h.env, SHIMCTL_DAEMON: 'off' }, cwd: h.project, stdio: 'ignore' });
    const ended = new Promise<number | null>((resolve) => shim.on('close', (status) => resolve(status)));
    let sleeper: number | undefined;
    expect(await waitFor(() => (sleeper = findSleep(token)) !== undefined)).toBe(true);
    process.kill(shim.pid!, 'SIGUSR1');
    await waitFor(() => false, 500);
    const opened = listensOnTcp(shim.pid!);
    process.kill(sleeper!, 'SIGTERM');
    expect(await ended).toBe(143);
    expect(opened).toBe(false);
    expect(auditRecords(h).filter((r) => r.command === `sleep ${token}`)).toHaveLength(1);
  });
});
