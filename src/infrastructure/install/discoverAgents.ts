import { readFileSync, realpathSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import which from 'which';

/** Directories shimctl owns: never a place to find an agent or a real shell. */
export interface OwnDirs {
  launcherDir: string;
  shimDir: string;
  dataDir: string;
}

function real(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
}

function isOurs(candidate: string, own: OwnDirs): boolean {
  const dirs = [own.launcherDir, own.shimDir, own.dataDir].map(real);
  const where = real(candidate);
  if (dirs.some((d) => where === d || where.startsWith(`${d}/`))) return true;
  if (dirs.includes(real(dirname(candidate)))) return true;
  try {
    // A copied or moved launcher still names itself in its first lines.
    const head = readFileSync(candidate, { encoding: 'latin1' }).slice(0, 300);
    return /# shimctl (launcher|bash shim|sh shim)/.test(head);
  } catch {
    return false;
  }
}

/** The first `name` on PATH that is an executable file and not one of shimctl's own. */
export function findOnPath(name: string, pathVar: string, own: OwnDirs): string | undefined {
  const all = which.sync(name, { all: true, nothrow: true, path: pathVar }) ?? [];
  for (const candidate of all) {
    try {
      if (!statSync(candidate).isFile()) continue;
    } catch {
      continue;
    }
    if (!isOurs(candidate, own)) return candidate;
  }
  return undefined;
}
