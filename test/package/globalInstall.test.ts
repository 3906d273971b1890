// The npm package as a user gets it: `npm pack`, `npm install -g` into an empty prefix, then
// `shimctl install` from that global install on a machine with no C compiler on PATH and no clone
// in sight. The shims must be the package's prebuilt fast client (patched by install), an agent's
// command must go through the review and the resident process, and `uninstall` must give the
// home back as it was.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT, snapshot, tempDir } from '../install/cliHarness.js';
import { FAKE_BIN } from '../e2e/e2eHome.js';

/** Compilers, so the PATH the user has holds none (the point of the prebuilt client). */
const COMPILER = /^(?:cc|c89|c99|gcc|clang|tcc|cpp|[a-z0-9_]+-linux-gnu-.*|(?:gcc|cpp|clang)-[0-9.]+|c\+\+|g\+\+)$/;

/** A directory with every program of the system PATH but the C compilers. */
function pathWithoutCompiler(dir: string): string {
  mkdirSync(dir);
  for (const from of ['/usr/local/bin', '/usr/bin', '/bin']) {
    let names: string[] = [];
    try {
      names = readdirSync(from);
    } catch {
      continue;
    }
    for (const name of names) {
      if (COMPILER.test(name)) continue;
      try {
        symlinkSync(join(from, name), join(dir, name));
      } catch {
        /* an earlier directory had it */
      }
    }
  }
  return dir;
}

const npm = (args: string[], cwd: string, env: NodeJS.ProcessEnv = process.env) =>
  spawnSync('npm', args, { cwd, env, encoding: 'utf8', timeout: 300_000 });

describe('the npm package, installed globally on a machine without a C compiler', () => {
  const root = tempDir('globalpkg');
  const prefix = join(root, 'prefix');
  const home = join(root, 'home');
  const workspace = join(root, 'workspace');
  mkdirSync(join(home, '.config'), { recursive: true });
  writeFileSync(join(home, '.profile'), "# the user's own profile\n");
  mkdirSync(workspace);
  const tools = pathWithoutCompiler(join(root, 'tools'));
  const env = { HOME: home, PATH: `${prefix}/bin:${FAKE_BIN}:${tools}`, LANG: 'C.UTF-8', CI: 'true' };
  const shimctl = (args: string[]) =>
    spawnSync(join(prefix, 'bin', 'shimctl'), args, { cwd: home, env, encoding: 'utf8', timeout: 120_000 });
  afterAll(() => {
    shimctl(['daemon', 'stop']);
    rmSync(root, { recursive: true, force: true });
  });

  it('packs, installs, intercepts an agent command through the prebuilt client and the resident process, and uninstalls cleanly', () => {
    // Packed from a copy: `prepare` would rebuild dist/ under the other test files' feet. The
    // copy runs what `prepack` runs (the prebuilt clients), then packs without scripts.
    const copy = join(root, 'pkg');
    for (const f of [
      'package.json',
      'README.md',
      'bin',
      'dist',
      'shims',
      'installers',
      'examples',
      'scripts/prebuilds.mjs',
    ]) {
      if (existsSync(join(ROOT, f))) cpSync(join(ROOT, f), join(copy, f), { recursive: true });
    }
    const pre = spawnSync(process.execPath, [join(copy, 'scripts', 'prebuilds.mjs')], { encoding: 'utf8' });
    expect(pre.status, pre.stderr).toBe(0);
    const packed = npm(['pack', '--ignore-scripts', '--pack-destination', root, '--silent'], copy);
    expect(packed.status, packed.stderr).toBe(0);
    const tgz = join(root, packed.stdout.trim().split('\n').pop()!);
    const list = spawnSync('tar', ['-tzf', tgz], { encoding: 'utf8' }).stdout;
    expect(list).toContain(`package/prebuilds/linux-${process.arch}/shimctl-client`);
    expect(list).toContain('package/dist/shimctl.cjs');
    expect(list).not.toMatch(/package\/(?:src|test)\//);

    const installed = npm(
      ['install', '-g', '--prefix', prefix, '--prefer-offline', '--no-audit', '--no-fund', tgz],
      root,
    );
    expect(installed.status, installed.stderr).toBe(0);
    expect(spawnSync('sh', ['-c', 'command -v cc gcc clang'], { env }).stdout.toString()).toBe('');

    const before = snapshot(home);
    const inst = shimctl(['install']);
    expect(inst.status, inst.stderr).toBe(0);
    const shimDir = join(home, '.local', 'share', 'shimctl', 'shims');
    // The bash shim is the patched prebuilt binary, not the sh script the no-compiler path used to get.
    const bashShim = readFileSync(join(shimDir, 'bash'));
    expect(bashShim.subarray(0, 4).toString('latin1')).toBe('\x7fELF');
    expect(bashShim.toString('latin1')).toContain(`SHIM_NAME=bash\0SHIM_REAL=`);

    const launcherPath = `${join(home, '.local', 'share', 'shimctl', 'bin')}:${env.PATH}`;
    const runAgent = (command: string, extra: Record<string, string> = {}) => {
      const p = spawnSync('/bin/sh', ['-c', 'exec claude "$1"', 'sh', command], {
        cwd: workspace,
        env: { ...env, PATH: launcherPath, ...extra },
        encoding: 'utf8',
        timeout: 120_000,
      });
      return JSON.parse(p.stdout).steps.find((s: { what: string }) => s.what === 'command') as {
        status: number;
        stdout: string;
        stderr: string;
      };
    };
    const first = runAgent('echo hello-from-global');
    expect(first.stdout).toContain('hello-from-global');
    // The first command starts the resident process; later ones are answered by it.
    let second = runAgent('echo again', { SHIMCTL_CLIENT_DEBUG: '1' });
    for (let i = 0; i < 20 && !/daemon: accepted/.test(second.stderr); i++) {
      spawnSync('sleep', ['0.25']);
      second = runAgent('echo again', { SHIMCTL_CLIENT_DEBUG: '1' });
    }
    expect(second.stdout).toContain('again');
    expect(second.stderr).toMatch(/daemon: accepted/);
    const blocked = runAgent('cat ~/.ssh/id_rsa');
    expect(blocked.status).not.toBe(0);

    const audit = readFileSync(join(home, '.local', 'state', 'shimctl', 'audit', 'audit.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(audit.some((r) => r.agent === 'claude' && /hello-from-global/.test(JSON.stringify(r)))).toBe(true);
    expect(audit.some((r) => r.agent === 'claude' && r.decision === 'block')).toBe(true);

    expect(shimctl(['daemon', 'status']).status).toBe(0);
    const un = shimctl(['uninstall']);
    expect(un.status, un.stderr).toBe(0);
    // uninstall stops the resident process: nothing of the gate keeps running (attack pass 4).
    expect(shimctl(['daemon', 'status']).status).toBe(3);
    // The audit stays (nothing lost): ~/.local holds only the state directory now.
    expect(readdirSync(join(home, '.local'))).toEqual(['state']);
    const after = snapshot(home, [join(home, '.local'), join(home, '.claude')]);
    expect(after).toEqual(before);
  }, 600_000);
});
