// Issue 17, item 4: an empty or relative PATH entry was skipped by the review but searched by bash.
// A planted `ls` must never run, through the bash shim (per-command core, compiled client with no
// resident process, the resident process) and through the BASH_ENV guard (bash started by path).
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cli, stopDaemon } from '../install/cliHarness.js';
import { e2eHome } from './e2eHome.js';

interface Table {
  cases: Array<{ label: string; path: string; plant: string }>;
  commands: string[];
}
const table = JSON.parse(readFileSync(new URL('./searchPath.cases.json', import.meta.url), 'utf8')) as Table;

describe('PATH entries the review does not search never reach the command', () => {
  const h = e2eHome();
  const shim = join(h.home, '.local/share/shimctl/shims/bash');
  const guard = join(h.home, '.local/share/shimctl/shims/bash_env_guard.bash');
  const marker = join(h.workspace, '..', 'planted-ls-ran');
  const fill = (s: string) =>
    s.replaceAll('{home}', h.home).replaceAll('{ws}', h.workspace).replaceAll('{PATH}', h.env.PATH!);
  const plant = (dir: string) => {
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'ls'), `#!/bin/sh\necho PLANTED\ntouch '${marker}'\n`);
    chmodSync(join(dir, 'ls'), 0o755);
  };
  afterAll(() => {
    stopDaemon(h.env);
    for (const c of table.cases) rmSync(join(fill(c.plant), 'ls'), { force: true });
  });

  const ways: Array<[string, (cmd: string, path: string) => ReturnType<typeof spawnSync>]> = [
    [
      'shim, per-command core',
      (cmd, path) =>
        spawnSync(shim, ['-c', cmd], {
          cwd: h.workspace,
          env: { ...h.env, PATH: path, SHIMCTL_DAEMON: 'off' },
          encoding: 'utf8',
          timeout: 60_000,
        }),
    ],
    [
      'shim, compiled client, no resident process',
      (cmd, path) =>
        spawnSync(shim, ['-c', cmd], {
          cwd: h.workspace,
          env: { ...h.env, PATH: path, SHIMCTL_DAEMON: 'nostart' },
          encoding: 'utf8',
          timeout: 60_000,
        }),
    ],
    [
      'shim, resident process',
      (cmd, path) =>
        spawnSync(shim, ['-c', cmd], {
          cwd: h.workspace,
          env: { ...h.env, PATH: path },
          encoding: 'utf8',
          timeout: 60_000,
        }),
    ],
    [
      '/bin/bash with the BASH_ENV guard',
      (cmd, path) =>
        spawnSync('/bin/bash', ['-c', cmd], {
          cwd: h.workspace,
          env: { ...h.env, PATH: path, BASH_ENV: guard, SHLVL: '1' },
          encoding: 'utf8',
          timeout: 60_000,
        }),
    ],
  ];

  it('the resident process is up for the cases that use it', () => {
    const r = cli(['daemon', 'start'], h.env);
    expect(r.status, r.stderr).toBe(0);
  });

  for (const c of table.cases) {
    for (const [way, run] of ways) {
      for (const cmd of table.commands) {
        it(`${c.label}: ${cmd} (${way})`, () => {
          plant(fill(c.plant));
          rmSync(marker, { force: true });
          const r = run(cmd, fill(c.path));
          expect(existsSync(marker), `planted ls ran: ${String(r.stdout)} ${String(r.stderr)}`).toBe(false);
          expect(r.status, String(r.stderr)).toBe(0);
          expect(String(r.stdout)).toContain('README.md');
        });
      }
    }
  }

  it('the control case: bash itself does run the planted ls with such a PATH (the test can fail)', () => {
    const c = table.cases[0]!;
    plant(fill(c.plant));
    rmSync(marker, { force: true });
    const r = spawnSync('/bin/bash', ['-c', 'X=1 ls'], {
      cwd: h.workspace,
      env: { ...h.env, PATH: fill(c.path) },
      encoding: 'utf8',
    });
    expect(r.stdout).toContain('PLANTED');
    expect(existsSync(marker)).toBe(true);
  });

  it('the guard is engaged in these runs: a protected read through it is refused', () => {
    const r = ways[3]![1]('cat ~/.ssh/id_rsa', h.env.PATH!);
    expect(r.status).toBe(126);
    expect(String(r.stdout)).not.toContain('FAKE-PRIVATE-KEY');
  });
});
