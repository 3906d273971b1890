// Attack pass 12 end to end, through the real installed shims: an agent's `cat` of shimctl's
// config printed the audit sinks' credentials. With a bearer header in audit.ship the read is
// refused (126, path.protected) and nothing of the file reaches stdout; without one it runs, as
// the self-protection test pins. Edits apply from the next command, the managed file's too (with the
// compiled client, once its resident process serves). Both shim kinds.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SYSTEM_PATH, cli, ensureBuilt, hermeticEnv, stopDaemon, tempDir } from '../install/cliHarness.js';

ensureBuilt();

const TOKEN = 'tok-5b0e9c2d71aa';
// Loopback port 9 (discard): the resident shipper's pushes fail here and never leave the machine.
const WITH_CREDENTIALS = {
  audit: {
    ship: {
      targets: [{ type: 'otlp', url: 'http://127.0.0.1:9/v1/logs', headers: { Authorization: `Bearer ${TOKEN}` } }],
    },
  },
};
const WITHOUT = { audit: { ship: { targets: [{ type: 'syslog', host: '127.0.0.1', port: 9 }] } } };
const gcc = spawnSync('sh', ['-c', 'command -v cc || command -v gcc'], { encoding: 'utf8' }).status === 0;

for (const fast of [false, true]) {
  describe.skipIf(fast && !gcc)(`sink credentials through the ${fast ? 'compiled' : 'sh'} shim`, () => {
    const root = tempDir('sinkcred');
    const home = join(root, 'home');
    const ws = join(root, 'ws');
    const config = join(home, '.config', 'shimctl', 'config.json');
    const managed = join(root, 'managed.json');
    mkdirSync(ws, { recursive: true });
    mkdirSync(join(home, '.config', 'shimctl'), { recursive: true });
    writeFileSync(config, JSON.stringify(WITHOUT));
    const env = hermeticEnv(home, SYSTEM_PATH, {
      CI: 'true',
      SHIMCTL_MANAGED_CONFIG: managed,
      ...(fast ? {} : { SHIMCTL_FAST_CLIENT: '0' }),
    });
    const installed = cli(['install', '--no-modify-path'], env);
    if (installed.status !== 0) throw new Error(`install failed: ${installed.stderr}`);
    afterAll(() => stopDaemon(env));
    const run = (command: string) =>
      spawnSync(join(home, '.local/share/shimctl/shims/bash'), ['-c', command], {
        cwd: ws,
        env,
        encoding: 'utf8',
        timeout: 60_000,
      });

    it('without credentials the config is read; with a bearer header every read is refused and prints nothing', () => {
      const before = run(`cat ${config}`);
      expect(before.status, before.stderr).toBe(0);
      expect(before.stdout).toContain('syslog');
      writeFileSync(config, JSON.stringify(WITH_CREDENTIALS));
      for (const command of [
        `cat ${config}`,
        'cat ~/.config/shimctl/config.json',
        `base64 ${config}`,
        `grep -r Bearer ${join(home, '.config', 'shimctl')}`,
        `cp ${config} ./c.json`,
        `tar cf - ${join(home, '.config')}`,
      ]) {
        const r = run(command);
        expect(r.status, `${command}: ${r.stderr}`).toBe(126);
        expect(r.stderr).toContain('path.protected');
        expect(r.stdout + r.stderr).not.toContain(TOKEN);
      }
      expect(run(`cat ${config}`).stderr).toContain("audit sinks' credentials");
      // The gate still works: an ordinary command runs.
      expect(run('ls').status).toBe(0);
      writeFileSync(config, JSON.stringify(WITHOUT));
      expect(run(`cat ${config}`).status).toBe(0);
    });

    it('a managed file that gains credentials is read-protected from the next command on', () => {
      writeFileSync(managed, JSON.stringify({ audit: { ship: { targets: [] } } }));
      // The compiled client starts the resident process on demand: wait until it serves.
      if (fast) {
        const sock = join(home, '.local/state/shimctl/run/daemon.sock');
        for (let i = 0; i < 100 && !existsSync(sock); i++) {
          run('true');
          spawnSync('sleep', ['0.2']);
        }
        expect(existsSync(sock)).toBe(true);
      }
      // Several times: the resident process's workers each keep a loaded config per directory.
      for (let i = 0; i < 4; i++) expect(run(`cat ${managed}`).status).toBe(0);
      writeFileSync(managed, JSON.stringify(WITH_CREDENTIALS));
      for (let i = 0; i < 4; i++) {
        const r = run(`cat ${managed}`);
        expect(r.status, r.stderr).toBe(126);
        expect(r.stdout).not.toContain(TOKEN);
      }
    });

    it('the legacy ship.json and ship.json.migrated are refused', () => {
      for (const name of ['ship.json', 'ship.json.migrated']) {
        const file = join(home, '.config', 'shimctl', name);
        writeFileSync(file, JSON.stringify(WITH_CREDENTIALS.audit.ship));
        const r = run(`cat ${file}`);
        expect(r.status, r.stderr).toBe(126);
        expect(r.stdout).not.toContain(TOKEN);
      }
    });
  });
}
