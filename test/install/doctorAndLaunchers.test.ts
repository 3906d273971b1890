import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, renameSync, writeFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { compileClient } from '../../src/infrastructure/daemon/compileClient.js';
import { shimEntryPath } from '../../src/infrastructure/install/renderFiles.js';
import { ROOT, SYSTEM_PATH, cli, ensureBuilt, hermeticEnv, stopDaemon, tempDir } from './cliHarness.js';

beforeAll(ensureBuilt);

function homeWithAgent(): { root: string; home: string; bin: string; env: Record<string, string> } {
  const root = tempDir('doctor');
  const home = join(root, 'home');
  const bin = join(root, 'bin');
  mkdirSync(home);
  mkdirSync(bin);
  // A fake agent that reports the environment its launcher gave it.
  writeFileSync(
    join(bin, 'opencode'),
    '#!/bin/sh\nprintf "%s|%s|%s|%s|%s\\n" "$0" "$SHELL" "$SHIMCTL_AGENT" "${PATH%%:*}" "$*"\n',
  );
  chmodSync(join(bin, 'opencode'), 0o755);
  return { root, home, bin, env: hermeticEnv(home, `${bin}:${SYSTEM_PATH}`) };
}

describe('doctor', () => {
  it('passes after install and names what it checked; fails when a manifest file is altered', () => {
    const { home, env } = homeWithAgent();
    expect(cli(['install'], env).status).toBe(0);
    const ok = cli(['doctor'], env);
    expect(ok.stdout).toMatch(/^ok +the launcher dir comes first on PATH in new login shells/m);
    expect(ok.stdout).toMatch(/^ok +the launcher dir comes first on PATH in new interactive shells/m);
    expect(ok.stdout).toMatch(/^ok +the bash shim resolves to the real bash at \//m);
    expect(ok.stdout).toMatch(/installed files unaltered/);
    expect(ok.stdout).toContain('env -i');
    expect(ok.status).toBe(0);
    const shim = join(home, '.local/share/shimctl/shims/bash');
    writeFileSync(shim, `${readFileSync(shim, 'utf8')}\n# tampered\n`);
    const bad = cli(['doctor'], env);
    expect(bad.status).toBe(1);
    expect(bad.stdout).toContain(`FAIL  ${shim} is unaltered`);
  });

  it('fails the PATH checks when start-up files were not modified', () => {
    const { env } = homeWithAgent();
    expect(cli(['install', '--no-modify-path'], env).status).toBe(0);
    const r = cli(['doctor'], env);
    expect(r.status).toBe(1);
    expect(r.stdout).toMatch(/^FAIL +the launcher dir comes first on PATH in new login shells/m);
  });

  it('states coverage gaps plainly for partial and guard agents', () => {
    const { bin, env } = homeWithAgent();
    for (const a of ['aider', 'crush', 'codex']) {
      writeFileSync(join(bin, a), '#!/bin/sh\n');
      chmodSync(join(bin, a), 0o755);
    }
    expect(cli(['install', '--no-modify-path'], env).status).toBe(0);
    const r = cli(['doctor'], env);
    expect(r.stdout).toMatch(/note +aider: coverage partial\n +.*\/bin\/sh by absolute path.*NOT reviewed/);
    expect(r.stdout).toMatch(/note +crush: coverage none\n +.*NOT reviewed/);
    expect(r.stdout).toMatch(/note +codex: coverage guard/);
    // Codex cannot be told to trust only shimctl's hook: doctor says what the launcher's flag lifts.
    expect(r.stdout).toMatch(
      /note +codex: its launcher lifts the agent's hook trust check for every hook, not only shimctl's\n +.*--dangerously-bypass-hook-trust.*trusted_hash/,
    );
    expect(r.stdout).not.toMatch(/crush: its launcher lifts/);
    const status = cli(['status'], env).stdout;
    expect(status).toMatch(/crush +none/);
  });
});

describe('launchers', () => {
  it('set the wiring, put the shim dir first, pass arguments through and exec the real agent', () => {
    const { home, bin, env } = homeWithAgent();
    expect(cli(['install', '--no-modify-path'], env).status).toBe(0);
    const launcher = join(home, '.local/share/shimctl/bin/opencode');
    for (const sh of ['dash', 'bash']) {
      const r = spawnSync(sh, [launcher, 'run', 'two words', ''], { env, encoding: 'utf8' });
      expect(r.status).toBe(0);
      const shims = join(home, '.local/share/shimctl/shims');
      expect(r.stdout).toBe(`${join(bin, 'opencode')}|${join(shims, 'bash')}|opencode|${shims}|run two words \n`);
    }
  });

  it('refuse to start the agent when the shims are gone (it would otherwise reach the real bash unreviewed)', () => {
    const { home, env } = homeWithAgent();
    expect(cli(['install', '--no-modify-path'], env).status).toBe(0);
    const launcher = join(home, '.local/share/shimctl/bin/opencode');
    const shims = join(home, '.local/share/shimctl/shims');
    for (const name of ['bash', 'sh']) {
      renameSync(join(shims, name), join(shims, `${name}.away`));
      const r = spawnSync('dash', [launcher, 'run', 'x'], { env, encoding: 'utf8' });
      expect(r.status, name).toBe(126);
      expect(r.stdout, 'the agent did not start').toBe('');
      expect(r.stderr).toContain('shimctl: blocked (internal.error): the shims');
      renameSync(join(shims, `${name}.away`), join(shims, name));
    }
    expect(spawnSync('dash', [launcher, 'run', 'x'], { env, encoding: 'utf8' }).status).toBe(0);
  });

  it('re-resolve the agent on PATH (skipping shimctl) when the recorded file is gone', () => {
    const { root, home, bin, env } = homeWithAgent();
    expect(cli(['install', '--no-modify-path'], env).status).toBe(0);
    const moved = join(root, 'newbin');
    mkdirSync(moved);
    renameSync(join(bin, 'opencode'), join(moved, 'opencode'));
    const launchers = join(home, '.local/share/shimctl/bin');
    const launcher = join(launchers, 'opencode');
    const found = spawnSync(launcher, [], {
      env: { ...env, PATH: `${launchers}:${moved}:${SYSTEM_PATH}` },
      encoding: 'utf8',
    });
    expect(found.stdout.split('|')[0]).toBe(join(moved, 'opencode'));
    // Nowhere else on PATH but the launcher itself: a clear error, not a loop.
    const gone = spawnSync(launcher, [], {
      env: { ...env, PATH: `${launchers}:${SYSTEM_PATH}` },
      encoding: 'utf8',
      timeout: 10_000,
    });
    expect(gone.status).toBe(127);
    expect(gone.stderr).toContain('opencode is no longer at');
  });

  it('never record a shim as the real shell, even when the shim dir is first on PATH at install', () => {
    const { home, env } = homeWithAgent();
    expect(cli(['install', '--no-modify-path'], env).status).toBe(0);
    const shims = join(home, '.local/share/shimctl/shims');
    const r = cli(['install', '--no-modify-path'], { ...env, PATH: `${shims}:${env.PATH}` });
    expect(r.stdout).toContain('nothing changed');
    const s = JSON.parse(cli(['status', '--json'], env).stdout);
    expect(s.realShells.bash.startsWith(shims)).toBe(false);
    expect(s.realShells.sh.startsWith(shims)).toBe(false);
  });

  // Both kinds of shim: the sh script (no compiler at install) and the compiled one.
  for (const kind of ['sh', 'compiled'] as const) {
    it(`stop a shim loop at the depth cap with a clear error (${kind} shim)`, () => {
      const { home, env: base } = homeWithAgent();
      const env = kind === 'sh' ? { ...base, SHIMCTL_FAST_CLIENT: '0' } : base;
      expect(cli(['install', '--no-modify-path'], env).status).toBe(0);
      const shimDir = join(home, '.local/share/shimctl/shims');
      const shim = join(shimDir, 'bash');
      // Simulate the worst mistake: the "real" bash recorded as the shim itself.
      const looped = join(home, 'looped-bash');
      if (kind === 'sh') {
        writeFileSync(looped, readFileSync(shim, 'utf8').replace(/^shimctl_real=.*$/m, `shimctl_real='${looped}'`));
      } else {
        const node = JSON.parse(readFileSync(join(home, '.local/share/shimctl/manifest.json'), 'utf8')).node as string;
        const built = compileClient(
          join(ROOT, 'shims', 'client', 'shimctl-client.c'),
          { PATH: SYSTEM_PATH },
          {
            runDir: join(home, '.local/state/shimctl/run'),
            shim: { name: 'bash', realShell: looped, node, entry: shimEntryPath(shimDir) },
          },
        );
        if (!built) throw new Error('no C compiler: the compiled shim cannot be tested (apt-get install -y gcc)');
        expect(readFileSync(shim).subarray(0, 4).toString('latin1')).toBe('\x7fELF');
        writeFileSync(looped, built.binary);
      }
      chmodSync(looped, 0o755);
      const r = spawnSync(looped, ['-c', 'echo hi'], {
        env: { ...env, CI: 'true' },
        encoding: 'utf8',
        timeout: 60_000,
      });
      stopDaemon(env);
      expect(r.status).toBe(126);
      expect(r.stderr).toContain('(invocation.depth_exceeded)');
      expect(r.stdout).toBe('');
    }, 120_000);
  }
});
