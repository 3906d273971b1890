import { closeSync, linkSync, openSync, readSync, renameSync, statSync } from 'node:fs';
import { processAlive } from '../exec/processAlive.js';
import { removeQuietly } from './ownerOnlyFiles.js';

/**
 * Lock files made with O_EXCL that hold their holder's pid (Node has no flock(2)): the audit
 * writer's lock (auditLock.ts) and the shippers' (ship/shipLock.ts). Only how long a holder may
 * go untouched differs between them.
 */

/** The pid a lock file names (its first 32 bytes), if any. */
export function readLockFilePid(path: string): number | undefined {
  let fd: number | undefined;
  try {
    fd = openSync(path, 'r');
    const buf = Buffer.alloc(32);
    const n = readSync(fd, buf, 0, 32, 0);
    const pid = Number.parseInt(buf.subarray(0, n).toString('latin1'), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/**
 * Takes a stale lock away: its pid is gone, or nobody touched it for `staleMs` (a reused pid, a
 * stopped process; a lock still being written, with no pid yet, counts as fresh until then).
 * True when the lock is gone now, or vanished by itself: try again at once.
 */
export function breakStaleLock(path: string, staleMs: number): boolean {
  let st;
  try {
    st = statSync(path);
  } catch {
    return true;
  }
  const pid = readLockFilePid(path);
  const dead = pid !== undefined && pid !== process.pid && !processAlive(pid);
  if (!dead && Date.now() - st.mtimeMs < staleMs) return false;
  // Move it aside, then make sure what moved was the stale lock and not a fresh one created in
  // between by another process that took it over first; a fresh one is put back.
  const aside = `${path}.stale-${process.pid}`;
  try {
    renameSync(path, aside);
  } catch {
    return true;
  }
  try {
    if (statSync(aside).ino !== st.ino) linkSync(aside, path);
  } catch {
    // Someone holds a newer lock already; theirs stands.
  } finally {
    removeQuietly(aside);
  }
  return true;
}
