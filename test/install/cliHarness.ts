// Runs the BUILT CLI (dist/shimctl.cjs through bin/shimctl.cjs) in a throwaway HOME.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, lstatSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll } from 'vitest';

export const ROOT = resolve(import.meta.dirname, '../..');
/** Set by ensureBuilt: the CLI of a private copy of the package (see below). */
export let CLI = join(ROOT, 'bin', 'shimctl.cjs');

/**
 * Builds if needed, then copies bin/, dist/ and shims/ to a private directory and uses that copy:
 * the bundle is self-contained, and a rebuild of the working tree while tests run (a half-written
 * dist/shimctl.cjs) must not make installed shims fail for a reason that is not under test.
 */
/** Every directory this harness made (package copies, the e2e HOMEs); removed after the test file. */
const made: string[] = [];
afterAll(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
});

function madeTempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  made.push(dir);
  return dir;
}

export function ensureBuilt(): void {
  if (!existsSync(join(ROOT, 'dist', 'shimctl.cjs'))) {
    const r = spawnSync(process.execPath, ['scripts/build.mjs'], { cwd: ROOT, stdio: 'inherit' });
    if (r.status !== 0) throw new Error('build failed');
  }
  const copy = madeTempDir('shimctl-pkg-');
  for (const d of ['bin', 'dist', 'shims']) cpSync(join(ROOT, d), join(copy, d), { recursive: true });
  // Syntax-check the copy so a half-written bundle is caught here, not as a confusing block later.
  const check = spawnSync(process.execPath, ['--check', join(copy, 'dist', 'shimctl.cjs')]);
  if (check.status !== 0)
    throw new Error('dist/shimctl.cjs does not parse (a build in progress?): run `npm run build`');
  CLI = join(copy, 'bin', 'shimctl.cjs');
}

export function tempDir(prefix: string): string {
  return madeTempDir(`shimctl-${prefix}-`);
}

/** A hermetic environment: fresh HOME, no XDG_*, a PATH we choose. */
export function hermeticEnv(home: string, path: string, extra: Record<string, string> = {}): Record<string, string> {
  const env: Record<string, string> = { HOME: home, PATH: path, LANG: 'C.UTF-8', ...extra };
  return env;
}

export const SYSTEM_PATH = '/usr/local/bin:/usr/bin:/bin';

export interface CliRun {
  status: number | null;
  stdout: string;
  stderr: string;
}

export function cli(args: string[], env: Record<string, string>, cwd?: string): CliRun {
  const r = spawnSync(process.execPath, [CLI, ...args], {
    env,
    cwd: cwd ?? env.HOME,
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

/**
 * Stops the resident review process a shim may have started for this HOME (the compiled fast-path
 * client starts one on demand), so tests leave no background process behind.
 */
export function stopDaemon(env: Record<string, string>): void {
  spawnSync(process.execPath, [CLI, 'daemon', 'stop'], { env, encoding: 'utf8', timeout: 30_000 });
}

/** Every entry under `dir` with its kind, mode and bytes (or link target), for byte-identical checks. */
export function snapshot(dir: string, skip: string[] = []): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (d: string) => {
    for (const name of readdirSync(d).sort()) {
      const p = join(d, name);
      if (skip.some((s) => p === s || p.startsWith(`${s}/`))) continue;
      const st = lstatSync(p);
      const rel = p.slice(dir.length);
      if (st.isSymbolicLink()) out[rel] = `link -> ${readlinkSync(p)}`;
      else if (st.isDirectory()) {
        out[rel] = `dir ${(st.mode & 0o7777).toString(8)}`;
        walk(p);
      } else out[rel] = `file ${(st.mode & 0o7777).toString(8)} ${readFileSync(p).toString('base64')}`;
    }
  };
  walk(dir);
  return out;
}
