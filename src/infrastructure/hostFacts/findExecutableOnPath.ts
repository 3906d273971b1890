// PATH lookup for the review, equivalent to `which.sync(name, { path, nothrow: true })` on Linux
// but without exceptions: which (through isexe) throws and catches ENOENT for every PATH entry
// that lacks the name, and each exception costs ~20 µs, which the resident review process paid
// several times per command. Here a miss is one non-throwing stat.
import { statSync } from 'node:fs';
import type { Stats } from 'node:fs';
import { join } from 'node:path';

export interface Identity {
  uid: number;
  groups: Set<number>;
}
let identity: Identity | undefined;

// A process's uid and groups do not change while it runs, so they are read once.
function whoAmI(): Identity {
  if (!identity) {
    const groups = process.getgroups?.() ?? [];
    const gid = process.getgid?.() ?? groups[0];
    identity = { uid: process.getuid?.() ?? -1, groups: new Set(gid === undefined ? groups : [gid, ...groups]) };
  }
  return identity;
}

/** isexe's posix rule: a regular file with an execute bit that applies to us (root: any x bit). */
export function isExecutableBy(st: Stats, me: Identity = whoAmI()): boolean {
  if (!st.isFile()) return false;
  const mode = st.mode;
  return !!(
    mode & 0o001 ||
    (mode & 0o010 && me.groups.has(st.gid)) ||
    (mode & 0o100 && st.uid === me.uid) ||
    (mode & 0o110 && me.uid === 0)
  );
}

/**
 * First executable `dir/name` over the PATH-style `searchPath` (absolute entries only), or
 * undefined. `skipDir` leaves out directories (shimctl's shims) where a name was found: asked only
 * then, so a lookup costs a stat per entry up to the hit, not one more per PATH entry.
 */
export function findExecutableOnPath(
  name: string,
  searchPath: string,
  skipDir?: (dir: string) => boolean,
): string | undefined {
  for (const dir of searchPath.split(':')) {
    // Relative and empty entries never reach the command (domain/exec/searchPath.ts): skipped here too.
    if (!dir.startsWith('/')) continue;
    const file = join(dir, name);
    let st: Stats | undefined;
    try {
      st = statSync(file, { throwIfNoEntry: false });
    } catch {
      continue; // EACCES, ENOTDIR, ELOOP: not usable here, like which's ignoreErrors
    }
    if (st && isExecutableBy(st) && !skipDir?.(dir)) return file;
  }
  return undefined;
}
