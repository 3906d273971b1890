// Cline 3 runs shimctl's global PreToolUse hook as `sh FILE` through the sh shim (issue 19): that
// one file, exactly as install wrote it, must run; any other script file stays refused. Real sh
// shim, the built CLI, real files, owners and modes (the run is root, so `chown` is real too).
import { spawnSync } from 'node:child_process';
import {
  appendFileSync,
  chmodSync,
  chownSync,
  copyFileSync,
  existsSync,
  readFileSync,
  rmSync,
  symlinkSync,
} from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT } from '../install/cliHarness.js';
import { fill, makeHookWorld, stopHookWorlds } from './hookHarness.js';

interface Case {
  id: string;
  relative?: boolean;
  setup?: {
    copy?: boolean;
    append?: string;
    symlink?: boolean;
    chmod?: string;
    chown?: number;
    dirChmod?: string;
    args?: string[];
  };
  hookRuns: boolean;
  notMade?: string;
}
const { cases } = JSON.parse(readFileSync(join(import.meta.dirname, 'clineShHook.cases.json'), 'utf8')) as {
  cases: Case[];
};
const FAKE_AGENTS = join(ROOT, 'test', 'fakeAgents', 'bin');

afterAll(stopHookWorlds);

describe("the sh shim runs shimctl's own Cline hook file and no other script", () => {
  it.each(cases)('$id', (c) => {
    // A world per case: each one damages the installed hook differently.
    const world = makeHookWorld(`cline-sh-${cases.indexOf(c)}`, FAKE_AGENTS);
    const hook = join(world.home, 'Documents', 'Cline', 'Hooks', 'PreToolUse');
    expect(existsSync(hook)).toBe(true);
    let file = hook;
    const s = c.setup ?? {};
    if (s.copy) {
      file = join(world.workspace, 'PreToolUse');
      copyFileSync(hook, file);
      chmodSync(file, 0o755);
    }
    if (s.append !== undefined) appendFileSync(hook, fill(s.append, world));
    if (s.symlink) {
      rmSync(hook);
      symlinkSync(join(world.shimDir, 'hooks', 'cline-pretooluse'), hook);
    }
    if (s.chmod) chmodSync(hook, Number.parseInt(s.chmod, 8));
    if (s.chown !== undefined) chownSync(hook, s.chown, s.chown);
    if (s.dirChmod) chmodSync(dirname(hook), Number.parseInt(s.dirChmod, 8));
    const input = JSON.stringify({
      clineVersion: '3.0.65',
      hookName: 'PreToolUse',
      timestamp: new Date().toISOString(),
      taskId: 'sh-task',
      workspaceRoots: [world.workspace],
      userId: 'u',
      preToolUse: { toolName: 'execute_command', parameters: { command: 'ls', requires_approval: 'false' } },
    });
    const r = spawnSync(join(world.shimDir, 'sh'), [c.relative ? 'PreToolUse' : file, ...(s.args ?? [])], {
      cwd: c.relative ? dirname(hook) : world.workspace,
      env: { ...world.env, SHIMCTL_AGENT: 'cline', SHIMCTL_SESSION: 'cline-sh' },
      input,
      encoding: 'utf8',
      timeout: 60_000,
    });
    const why = `status ${r.status}\nstdout: ${r.stdout}\nstderr: ${r.stderr}`;
    if (c.hookRuns) {
      expect(r.status, why).toBe(0);
      expect(JSON.parse(r.stdout.trim().split('\n').pop()!), why).toMatchObject({ cancel: false });
    } else {
      expect(r.status, why).toBe(126);
      expect(r.stderr, why).toContain('invocation.script');
      expect(r.stdout, why).not.toContain('cancel');
    }
    if (c.notMade) expect(existsSync(join(world.workspace, c.notMade)), why).toBe(false);
  });
});
