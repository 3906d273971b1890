// Issue 17, item 2: git dispatches on argv0. `exec -a git-clean git log -fdx .` reads as a
// read-only `git log` but runs `git clean log -fdx .`, which deletes every untracked file. Through
// the real shim (CI: an ask is a block) and the BASH_ENV guard, with real git and real bash.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { e2eHome } from './e2eHome.js';

describe('a program run under another argv0', () => {
  const h = e2eHome();
  const shim = join(h.home, '.local/share/shimctl/shims/bash');
  const guard = join(h.home, '.local/share/shimctl/shims/bash_env_guard.bash');
  const victim = join(h.workspace, 'untracked.txt');
  spawnSync('git', ['init', '-q', '.'], { cwd: h.workspace, env: h.env });
  const attack = 'exec -a git-clean git log -fdx .';

  it('the control case: real bash and git delete the untracked file (the test can fail)', () => {
    writeFileSync(victim, 'x');
    spawnSync('/bin/bash', ['-c', attack], { cwd: h.workspace, env: h.env, encoding: 'utf8' });
    expect(existsSync(victim)).toBe(false);
  });

  const ways: Array<[string, string, Record<string, string>]> = [
    ['shim, per-command core', shim, { SHIMCTL_DAEMON: 'off' }],
    ['shim, compiled client', shim, { SHIMCTL_DAEMON: 'nostart' }],
    ['/bin/bash with the BASH_ENV guard', '/bin/bash', { BASH_ENV: guard, SHLVL: '1' }],
  ];
  it.each(ways)('is judged as git clean, asked, so blocked in CI (%s)', (_way, file, extra) => {
    writeFileSync(victim, 'x');
    const r = spawnSync(file, ['-c', attack], {
      cwd: h.workspace,
      env: { ...h.env, ...extra },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(existsSync(victim), r.stderr).toBe(true);
    expect(r.status).toBe(126);
    expect(r.stderr).toMatch(/^shimctl: blocked \(/);
  });

  // The cases above run git clean: the files these read are written here, not taken from the workspace.
  it('a foreign argv0 on a program that is not multi-call is asked too', () => {
    writeFileSync(join(h.workspace, 'notes.txt'), 'notes\n');
    const r = spawnSync(shim, ['-c', 'exec -a foo cat notes.txt'], {
      cwd: h.workspace,
      env: { ...h.env, SHIMCTL_DAEMON: 'off' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(r.status).toBe(126);
    const last = JSON.parse(readFileSync(h.auditLog, 'utf8').trim().split('\n').pop()!) as {
      reasons: Array<{ code: string }>;
    };
    expect(last.reasons.map((x) => x.code)).toContain('command.argv_name_mismatch');
  });

  it('the same name runs as usual', () => {
    writeFileSync(join(h.workspace, 'notes.txt'), 'notes\n');
    const r = spawnSync(shim, ['-c', 'exec -a cat cat notes.txt'], {
      cwd: h.workspace,
      env: { ...h.env, SHIMCTL_DAEMON: 'off' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toBe('notes\n');
  });
});
