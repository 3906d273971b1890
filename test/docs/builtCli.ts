// Runs the BUILT CLI (bin/shimctl.cjs -> dist/shimctl.cjs), building once if dist is missing, in a
// throwaway HOME with the XDG variables unset so nothing reads or writes the real home.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from './readmeText.js';

const CLI = join(ROOT, 'bin', 'shimctl.cjs');

export function ensureBuilt(): void {
  if (existsSync(join(ROOT, 'dist', 'shimctl.cjs'))) return;
  const r = spawnSync(process.execPath, ['scripts/build.mjs'], { cwd: ROOT, stdio: 'inherit' });
  if (r.status !== 0) throw new Error('build failed');
}

export interface CliRun {
  status: number | null;
  out: string;
}

/** Runs `shimctl ...args`; stdout and stderr together (usage goes to stderr on bad options). */
export function runCli(args: string[]): CliRun {
  const home = mkdtempSync(join(tmpdir(), 'shimctl-docs-'));
  try {
    const env: Record<string, string> = {
      HOME: home,
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      NO_COLOR: '1',
      LANG: 'C.UTF-8',
    };
    const r = spawnSync(process.execPath, [CLI, ...args], { env, cwd: home, encoding: 'utf8', timeout: 60_000 });
    return { status: r.status, out: `${r.stdout}${r.stderr}` };
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
}
