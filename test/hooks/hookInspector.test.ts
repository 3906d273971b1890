// A PreToolUse hook can wait minutes for a human; meanwhile a command the agent runs could send
// its Node SIGUSR1, which would open the debugger on 127.0.0.1:9229 and let that command evaluate
// code inside the reviewer. The hook must keep it closed (and still answer "blocked" in the end).
import { spawn } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { listensOnTcp } from '../daemon/listeningSockets.js';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { hookPath, makeHookWorld, stopHookWorlds, type HookWorld } from './hookHarness.js';

afterAll(stopHookWorlds);
let world: HookWorld;
beforeAll(() => { world = makeHookWorld('inspector'); }, 120_000);

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

it('SIGUSR1 does not open a debugger in a hook waiting for an approval', async () => {
  const hook = spawn(hookPath(world, 'codex'), [], { env: { ...world.env, CI: '' }, cwd: world.workspace, stdio: ['pipe', 'pipe', 'pipe'] });
  hook.stdin.end(JSON.stringify({ tool_name: 'Bash', tool_input: { command: 'git push' }, cwd: world.workspace, session_id: 's1' }));
  const ended = new Promise<number | null>((resolve) => hook.on('close', (status) => resolve(status)));
  let pid: number | undefined;
  const until = Date.now() + 10_000;
  while (Date.now() < until && !(pid = hookNode())) await new Promise((r) => setTimeout(r, 50));
  expect(pid).toBeDefined();
  await new Promise((r) => setTimeout(r, 500)); // past start-up: now waiting for the human
  process.kill(pid!, 'SIGUSR1');
  await new Promise((r) => setTimeout(r, 500));
  const opened = listensOnTcp(pid!);
  process.kill(pid!, 'SIGKILL');
  expect(await ended).toBe(2); // the wrapper turns the dead reviewer into a block
  expect(opened).toBe(false);
}, 30_000);
