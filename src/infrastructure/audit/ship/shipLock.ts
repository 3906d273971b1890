import { closeSync, constants, futimesSync, openSync, readdirSync, statSync, writeSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { breakStaleLock, readLockFilePid } from '../../files/pidLockFile.js';
import { removeQuietly } from '../../files/ownerOnlyFiles.js';

/**
 * One shipper per target at a time: `<target cursor>.lock`, created O_EXCL with the holder's pid
 * (Node has no flock(2); the audit writer's lock is the same kind). `audit ship --once` and the
 * resident process's shipper both take it around "read the cursor, push, move the cursor", so
 * they never push the same records. Held for a whole run (a backlog can take minutes), the holder
 * touches it every HEARTBEAT_MS: a lock whose pid is gone, or that nobody touched for STALE_MS
 * (a reused pid, a stopped process), is taken over. A holder taken over while stopped can at
 * worst send a chunk twice: delivery is at least once anyway.
 */
const HEARTBEAT_MS = 5_000;
const STALE_MS = 60_000;

export interface HeldShipLock {
  release(): void;
}

/** Takes the lock, or says which pid holds it. Never waits. */
export function tryShipLock(path: string): HeldShipLock | { heldBy: number | undefined } {
  for (let tries = 0; tries < 3; tries++) {
    let fd: number | undefined;
    try {
      fd = openSync(path, constants.O_RDWR | constants.O_CREAT | constants.O_EXCL, 0o600);
      writeSync(fd, `${process.pid}\n`);
      return held(path, fd);
    } catch (err) {
      if (fd !== undefined) {
        closeSync(fd);
        removeQuietly(path);
      }
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    if (!breakStaleLock(path, STALE_MS)) return { heldBy: readLockFilePid(path) };
  }
  return { heldBy: readLockFilePid(path) };
}

function held(path: string, fd: number): HeldShipLock {
  const ino = statSync(path).ino;
  const beat = setInterval(() => {
    try {
      const now = new Date();
      futimesSync(fd, now, now);
    } catch {
      // the fd is ours until release: nothing to do
    }
  }, HEARTBEAT_MS);
  beat.unref();
  return {
    release() {
      clearInterval(beat);
      closeSync(fd);
      try {
        // Not ours any more (taken over as stale): leave the new holder's lock alone.
        if (statSync(path).ino !== ino) return;
      } catch {
        return;
      }
      removeQuietly(path);
    },
  };
}

/**
 * Removes the ship locks beside `cursorBase` that name this process: left by a shipper thread
 * of ours that was stopped mid-run (its pid is alive, so nobody else would take them over).
 * Only for a process with one shipper thread: the resident process calls it before starting one.
 */
export function clearOwnShipLocks(cursorBase: string): void {
  const dir = dirname(cursorBase);
  const prefix = `${basename(cursorBase)}.`;
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return;
  }
  for (const name of names) {
    if (!name.startsWith(prefix) || !name.endsWith('.lock')) continue;
    const path = join(dir, name);
    if (readLockFilePid(path) === process.pid) removeQuietly(path);
  }
}
