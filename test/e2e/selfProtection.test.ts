// Self-protection end to end, through the real installed shims (issue 12 item 5):
// - the three-step takeover (copy a workspace file, `sed -i` it into a payload, `sort -o` it over
//   the shim entry) is stopped at step 3 and the entry is byte-for-byte unchanged;
// - a review bundle changed after install makes the shim exit 126 with a readable reason, and the
//   command does not run (the per-command core and the resident process both load through the entry).
// Both shim kinds: the POSIX sh shim (SHIMCTL_FAST_CLIENT=0) and the compiled client when gcc exists.
import { spawnSync } from 'node:child_process';
import { appendFileSync, existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SYSTEM_PATH, cli, ensureBuilt, hermeticEnv, stopDaemon, tempDir } from '../install/cliHarness.js';

interface Installed {
  home: string;
  ws: string;
  env: Record<string, string>;
  shimDir: string;
  bundle: string;
}

ensureBuilt();

function installed(fastClient: boolean): Installed {
  const root = tempDir('selfprot');
  const home = join(root, 'home');
  const ws = join(root, 'ws');
  mkdirSync(home);
  mkdirSync(ws);
  writeFileSync(join(ws, 'README.md'), 'a workspace file\n');
  mkdirSync(join(home, '.config', 'shimctl'), { recursive: true });
  writeFileSync(join(home, '.config', 'shimctl', 'config.json'), '{}\n');
  const env = hermeticEnv(home, SYSTEM_PATH, { CI: 'true', ...(fastClient ? {} : { SHIMCTL_FAST_CLIENT: '0' }) });
  const r = cli(['install', '--no-modify-path'], env);
  if (r.status !== 0) throw new Error(`install failed: ${r.stderr}`);
  const manifest = JSON.parse(readFileSync(join(home, '.local/share/shimctl/manifest.json'), 'utf8')) as {
    bundle: string;
  };
  return { home, ws, env, shimDir: join(home, '.local/share/shimctl/shims'), bundle: manifest.bundle };
}

const run = (h: Installed, command: string) =>
  spawnSync(join(h.shimDir, 'bash'), ['-c', command], { cwd: h.ws, env: h.env, encoding: 'utf8', timeout: 60_000 });
const gcc = spawnSync('sh', ['-c', 'command -v cc || command -v gcc'], { encoding: 'utf8' }).status === 0;

for (const fast of [false, true]) {
  describe.skipIf(fast && !gcc)(`self-protection through the ${fast ? 'compiled' : 'sh'} shim`, () => {
    const h = installed(fast);
    afterAll(() => stopDaemon(h.env));
    const entry = join(h.shimDir, 'shim-entry.cjs');

    it('the three-step takeover: steps 1 and 2 run, step 3 is blocked and the shim entry is unchanged', () => {
      const before = readFileSync(entry);
      const step1 = run(h, 'cp README.md payload.js');
      expect(step1.status, step1.stderr).toBe(0);
      const step2 = run(h, 'sed -i s/workspace/payload/ payload.js');
      expect(step2.status, step2.stderr).toBe(0);
      expect(readFileSync(join(h.ws, 'payload.js'), 'utf8')).toBe('a payload file\n');
      const step3 = run(h, `sort -o ${entry} payload.js`);
      expect(step3.status).toBe(126);
      expect(step3.stderr).toContain('path.self_protection');
      expect(readFileSync(entry).equals(before)).toBe(true);
      // The gate still works: a later command is still reviewed (and allowed).
      expect(run(h, 'ls').status).toBe(0);
    });

    it.each([
      ['chmod -x {shims}/bash', () => join(h.shimDir, 'bash')],
      ['mkfifo {home}/.config/shimctl/config.json.new', () => join(h.home, '.config/shimctl/config.json.new')],
      ['ln -sf /bin/true {shims}/sh', () => join(h.shimDir, 'sh')],
      ['touch {home}/.local/state/shimctl/audit/x', () => join(h.home, '.local/state/shimctl/audit/x')],
      ['git worktree add {home}/.config/shimctl/wt', () => join(h.home, '.config/shimctl/wt')],
    ])('%s is blocked and changes nothing', (template, target) => {
      const path = target();
      const was = existsSync(path) ? statSync(path).mode : undefined;
      const r = run(h, template.replaceAll('{shims}', h.shimDir).replaceAll('{home}', h.home));
      expect(r.status).toBe(126);
      expect(r.stderr).toContain('path.self_protection');
      expect(existsSync(path) ? statSync(path).mode : undefined).toBe(was);
    });

    it("reading shimctl's own config and listing its directories still run", () => {
      const r = run(h, `cat ${h.home}/.config/shimctl/config.json`);
      expect(r.status, r.stderr).toBe(0);
      expect(r.stdout).toBe('{}\n');
      expect(run(h, `ls ${h.home}/.local/share/shimctl`).status).toBe(0);
    });

    it('a review bundle changed after install makes the shim exit 126 with a readable reason', () => {
      const original = readFileSync(h.bundle);
      // Warm: with the compiled client a resident process is now serving; it must not answer for
      // the changed bundle (it notices the change and steps aside; a new one loads through the entry).
      run(h, 'ls');
      expect(run(h, 'ls').status).toBe(0);
      const marker = join(h.ws, 'ran-under-tampered-core');
      appendFileSync(h.bundle, '\n// one byte of difference is enough\n');
      try {
        const r = run(h, `touch ${marker}`);
        expect(r.status).toBe(126);
        expect(r.stderr).toMatch(
          /shimctl: blocked \(internal\.error\): .*not the one install recorded \(sha256 differs\)/,
        );
        expect(existsSync(marker)).toBe(false);
      } finally {
        writeFileSync(h.bundle, original);
        rmSync(marker, { force: true });
      }
      // The control: the same command runs with the recorded bundle back in place.
      expect(run(h, `touch ${marker}`).status).toBe(0);
    });
  });
}
