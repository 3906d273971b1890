import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const REPO = new URL('../../../', import.meta.url).pathname;
export const CLI = join(REPO, 'bin', 'shimctl.cjs');
const BUNDLE = join(REPO, 'dist', 'shimctl.cjs');

function newestSource(dir: string): number {
  let newest = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    newest = Math.max(newest, e.isDirectory() ? newestSource(p) : statSync(p).mtimeMs);
  }
  return newest;
}

/** Builds the CLI bundle when it is missing or older than the sources. */
export function ensureBuilt(): void {
  let built = 0;
  try {
    built = statSync(BUNDLE).mtimeMs;
  } catch { /* missing */ }
  if (built >= newestSource(join(REPO, 'src'))) return;
  const r = spawnSync(process.execPath, ['scripts/build.mjs'], { cwd: REPO, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`build failed: ${r.stderr}`);
}

/** A fresh HOME, XDG variables unset: the CLI under test never sees the real home. */
export function makeHome(): { root: string; home: string; env: Record<string, string>; cleanup(): void } {
  const root = mkdtempSync(join(tmpdir(), 'shimctl-cli-'));
  const home = join(root, 'home');
  return {
    root,
    home,
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: home },
    cleanup: () => rmSync(root, { recursive: true, force: true }),
  };
}

export interface CliRun { status: number | null; stdout: string; stderr: string }

export function runCli(args: string[], opts: { env: Record<string, string>; cwd?: string; input?: string | Buffer }): CliRun {
  const r = spawnSync(process.execPath, [CLI, ...args], { env: opts.env, cwd: opts.cwd ?? tmpdir(), input: opts.input ?? '', encoding: 'utf8', timeout: 20_000 });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}
