import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const REPO = new URL('../../../', import.meta.url).pathname;
export const CLI = join(REPO, 'bin', 'shimctl.cjs');
const BUNDLE = join(REPO, 'dist', 'shimctl.cjs');

/**
 * Builds the CLI bundle only when it is missing (`npm test` builds first). Rebuilding on every
 * change would race with other test files spawning the half-written bundle.
 */
export function ensureBuilt(): void {
  if (existsSync(BUNDLE)) return;
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

export interface CliRun {
  status: number | null;
  stdout: string;
  stderr: string;
}

export function runCli(
  args: string[],
  opts: { env: Record<string, string>; cwd?: string; input?: string | Buffer },
): CliRun {
  const r = spawnSync(process.execPath, [CLI, ...args], {
    env: opts.env,
    cwd: opts.cwd ?? tmpdir(),
    input: opts.input ?? '',
    encoding: 'utf8',
    timeout: 20_000,
  });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}
