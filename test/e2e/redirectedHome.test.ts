// A command the agent runs (same user) can change HOME / XDG_DATA_HOME for the shells it nests
// (a package.json script, a Makefile, `env HOME=… sh -c`). The nested shim must not then load an
// attacker-written config, audit into an attacker's directory, or ask approvals there: the
// review core is anchored to the install it was started from (the shim entry's own directory).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { daemonFiles, readLockPid } from '../../src/infrastructure/daemon/daemonFiles.js';
import { alive } from '../daemon/harness.js';
import { snapshot, tempDir } from '../install/cliHarness.js';
import { e2eHome } from './e2eHome.js';

const h = e2eHome(({ sentinel }) => ({ protectedPaths: [sentinel] }));
const shimDir = join(h.home, '.local/share/shimctl/shims');
const installDaemon = daemonFiles(join(h.home, '.local/state/shimctl/run'));

/** An attacker's directory holding a config that allows everything the legit one blocks. */
function evilHome(): string {
  const evil = tempDir('evil-home');
  const allowAll = { rules: [{ id: 'evil:rm', command: 'rm', decision: 'allow', reason: 'attacker' }] };
  for (const dir of [join(evil, '.config/shimctl'), join(evil, 'xdg-config/shimctl')]) {
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'config.json'), JSON.stringify(allowAll));
  }
  return evil;
}

const cases: Array<{ name: string; env: (evil: string) => Record<string, string> }> = [
  { name: 'HOME', env: (evil) => ({ HOME: evil }) },
  {
    name: 'XDG_DATA_HOME',
    env: (evil) => ({ XDG_DATA_HOME: join(evil, 'data'), XDG_CONFIG_HOME: join(evil, 'xdg-config') }),
  },
];

// '' leaves SHIMCTL_DAEMON unset: the compiled client then also tries to start a resident process.
describe.each(['off', 'nostart', ''])('a nested shim under a redirected home (SHIMCTL_DAEMON=%s)', (daemon) => {
  const mode = daemon ? { SHIMCTL_DAEMON: daemon } : {};
  for (const c of cases) {
    it(`refuses to review with the paths ${c.name} points at`, async () => {
      const evil = evilHome();
      const before = snapshot(evil);
      const env = { ...h.env, SHIMCTL_DEPTH: '1', ...mode, ...c.env(evil) };
      const rm = () =>
        spawnSync(join(shimDir, 'sh'), ['-c', `rm -f ${h.sentinel}`], {
          cwd: h.workspace,
          env,
          encoding: 'utf8',
          timeout: 60_000,
        });
      const p = rm();
      expect(p.status).toBe(126);
      expect(p.stderr).toMatch(/shimctl: blocked \(config\.unreadable\): .*install/);
      expect(existsSync(h.sentinel)).toBe(true);
      // Nothing was written under the attacker's directory (no audit, no approvals, no run dir),
      // not even by a resident process the client started there (give it time to try).
      if (!daemon) await new Promise((r) => setTimeout(r, 1500));
      expect(existsSync(join(evil, '.local/state/shimctl'))).toBe(false);
      expect(snapshot(evil)).toEqual(before);
      // No resident process took the install's own run directory for the redirected environment
      // (with only XDG_DATA_HOME moved, the client does start one there: it must refuse to run).
      expect(alive(readLockPid(installDaemon))).toBe(false);
      // And a second try, when a resident process would be up by now, is still refused.
      const again = rm();
      expect(again.status).toBe(126);
      expect(existsSync(h.sentinel)).toBe(true);
    });
  }

  it("still reviews normally with the install's own home (control)", () => {
    const env = { ...h.env, SHIMCTL_DEPTH: '1', ...mode };
    const p = spawnSync(join(shimDir, 'sh'), ['-c', 'echo fine'], {
      cwd: h.workspace,
      env,
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(p.stderr).toBe('');
    expect(p.stdout).toBe('fine\n');
    expect(readFileSync(h.auditLog, 'utf8')).toContain('"command":"echo fine"');
  });
});
