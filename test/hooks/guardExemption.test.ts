// Codex starts hooks as `$SHELL -lc '<command>'`, and its launcher sets BASH_ENV to the guard: the
// guard must let exactly shimctl's own Codex hook command start (else Codex sees a failed hook and
// goes on without it), and nothing else, not even a near-copy of that text.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hookPath, makeHookWorld, type HookWorld, stopHookWorlds } from './hookHarness.js';

afterAll(stopHookWorlds);

let world: HookWorld;
beforeAll(() => {
  world = makeHookWorld('guard');
}, 120_000);

function bashLc(text: string) {
  const env = { ...world.env, BASH_ENV: join(world.shimDir, 'bash_env_guard.bash'), SHIMCTL_AGENT: 'codex' };
  return spawnSync('/bin/bash', ['-lc', text], {
    cwd: world.workspace,
    env,
    input: '',
    encoding: 'utf8',
    timeout: 30_000,
  });
}

describe('BASH_ENV guard and the Codex hook command', () => {
  it('starts the exact hook command (which then judges its own empty input: a block, exit 2)', () => {
    const r = bashLc(`'${hookPath(world, 'codex')}'`);
    expect(r.status, r.stderr).toBe(2);
    expect(r.stderr).toContain('hook.malformed');
  });

  it.each([
    ['a trailing blank', (p: string) => `'${p}' `],
    ['a second command', (p: string) => `'${p}'; touch smuggled`],
    ['unquoted', (p: string) => p],
    ['the cline hook', (p: string) => `'${p.replace('codex-', 'cline-')}'`],
  ])('reviews anything else as an agent command: %s', (_label, make) => {
    const r = bashLc(make(hookPath(world, 'codex')));
    expect(r.status, r.stderr).toBe(126);
    expect(r.stderr).toMatch(/^shimctl: blocked \(/);
  });
});
