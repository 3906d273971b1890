// Node opens its debugger (the inspector, on 127.0.0.1:9229) when it gets SIGUSR1. Any command the
// agent runs may send that signal to the review core (same user; the resident process's pid is in
// its lock file) and then evaluate code inside the reviewer through the inspector. The review core,
// per-command or resident, must not open it; nor must a hook waiting for an approval.
// Every case here uses the one port 9229, so they live in this one file and run one after another
// (vitest runs files side by side: a debugger opened in another file would hold the port).
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hookPath, makeHookWorld, stopHookWorlds, type HookWorld } from '../hooks/hookHarness.js';
import { auditRecords, daemonPid, fastHome, findSleep, startDaemon, stopDaemon, waitFor } from './harness.js';
import { listensOnTcp, portListening } from './listeningSockets.js';

const INSPECTOR_PORT = 9229;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('SIGUSR1 does not open a debugger in the review core', () => {
  const h = fastHome();
  afterAll(() => stopDaemon(h));

  it('control: a plain node does open it (the test can fail)', async () => {
    const node = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 5000)'], { stdio: 'ignore' });
    await sleep(300);
    expect(portListening(INSPECTOR_PORT)).toBe(false);
    process.kill(node.pid!, 'SIGUSR1');
    const opened = await waitFor(() => listensOnTcp(node.pid!), 5_000);
    node.kill('SIGKILL');
    expect(opened).toBe(true);
  });

  it('the resident review process', async () => {
    const pid = startDaemon(h);
    expect(portListening(INSPECTOR_PORT)).toBe(false); // else a debugger could not open for that reason
    process.kill(pid, 'SIGUSR1');
    await sleep(500);
    expect(listensOnTcp(pid)).toBe(false);
    expect(daemonPid(h)).toBe(pid); // and it keeps serving
  });

  it('the per-command core while its command runs (and the command is still recorded once)', async () => {
    const token = `29.${process.pid}`;
    const shim = spawn(h.client, [h.node, h.entry, 'bash', '/bin/bash', '-c', `sleep ${token}`], {
      env: { ...h.env, SHIMCTL_DAEMON: 'off' },
      cwd: h.project,
      stdio: 'ignore',
    });
    const ended = new Promise<number | null>((resolve) => shim.on('close', (status) => resolve(status)));
    let sleeper: number | undefined;
    expect(await waitFor(() => (sleeper = findSleep(token)) !== undefined)).toBe(true);
    expect(portListening(INSPECTOR_PORT)).toBe(false);
    process.kill(shim.pid!, 'SIGUSR1');
    await sleep(500);
    const opened = listensOnTcp(shim.pid!);
    process.kill(sleeper!, 'SIGTERM');
    expect(await ended).toBe(143);
    expect(opened).toBe(false);
    expect(auditRecords(h).filter((r) => r.command === `sleep ${token}`)).toHaveLength(1);
  });
});

// A PreToolUse hook can wait minutes for a human; meanwhile a command the agent runs could send
// its Node SIGUSR1, which would open the debugger on 127.0.0.1:9229 and let that command evaluate
// code inside the reviewer. The hook must keep it closed (and still answer "blocked" in the end).
describe('SIGUSR1 does not open a debugger in a hook', () => {
  afterAll(stopHookWorlds);
  let world: HookWorld;
  beforeAll(() => {
    world = makeHookWorld('inspector');
  }, 120_000);

  /** The Node process running `__hook codex` for this world. */
  function hookNode(): number | undefined {
    for (const entry of readdirSync('/proc')) {
      if (!/^[0-9]+$/.test(entry)) continue;
      try {
        const argv = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0');
        const env = readFileSync(`/proc/${entry}/environ`, 'utf8');
        if (argv.includes('__hook') && env.includes(`HOME=${world.home}\0`)) return Number(entry);
      } catch {
        // gone meanwhile, or not ours
      }
    }
    return undefined;
  }

  /** The hook has written its approval request: it is past start-up, waiting for the human. */
  function pendingRequests(): string[] {
    const dir = join(world.home, '.local/state/shimctl/approvals');
    return existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.request.json')) : [];
  }

  it('SIGUSR1 does not open a debugger in a hook waiting for an approval', async () => {
    const hook = spawn(hookPath(world, 'codex'), [], {
      env: { ...world.env, CI: '' },
      cwd: world.workspace,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    hook.stdin.end(
      JSON.stringify({
        tool_name: 'Bash',
        tool_input: { command: 'git push' },
        cwd: world.workspace,
        session_id: 's1',
      }),
    );
    const ended = new Promise<number | null>((resolve) => hook.on('close', (status) => resolve(status)));
    let pid: number | undefined;
    expect(await waitFor(() => (pid = hookNode()) !== undefined)).toBe(true);
    expect(await waitFor(() => pendingRequests().length > 0)).toBe(true);
    expect(portListening(INSPECTOR_PORT)).toBe(false); // else a debugger could not open for that reason
    process.kill(pid!, 'SIGUSR1');
    await sleep(500);
    const opened = listensOnTcp(pid!);
    process.kill(pid!, 'SIGKILL');
    expect(await ended).toBe(2); // the wrapper turns the dead reviewer into a block
    expect(opened).toBe(false);
  }, 30_000);
});
