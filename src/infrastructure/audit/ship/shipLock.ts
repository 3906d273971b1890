import {
  closeSync,
  constants,
  futimesSync,
  linkSync,
  openSync,
  readFileSync,
  readdirSync,
  renameSync,
  statSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { processAlive } from '../../exec/processAlive.js';

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
        unlinkQuiet(path);
      }
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    if (!breakIfStale(path)) return { heldBy: readPid(path) };
  }
  return { heldBy: readPid(path) };
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
      unlinkQuiet(path);
    },
  };
}

/** True when the lock was stale and has been moved away (try again). */
function breakIfStale(path: string): boolean {
  let st;
  try {
    st = statSync(path);
  } catch {
    return true; // released meanwhile
  }
  const pid = readPid(path);
  // A lock still being written (no pid yet) is fresh unless nobody touched it for STALE_MS.
  const dead = pid !== undefined && pid !== process.pid && !processAlive(pid);
  if (!dead && Date.now() - st.mtimeMs < STALE_MS) return false;
  // Move it aside, then make sure what moved was the stale lock and not a fresh one taken in
  // between by another shipper; a fresh one is put back (as the audit writer's lock does).
  const aside = `${path}.stale-${process.pid}`;
  try {
    renameSync(path, aside);
  } catch {
    return true;
  }
  try {
    if (statSync(aside).ino !== st.ino) linkSync(aside, path);
  } catch {
    // a newer lock is in place already: it stands
  } finally {
    unlinkQuiet(aside);
  }
  return true;
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
    if (readPid(path) === process.pid) unlinkQuiet(path);
  }
}

function readPid(path: string): number | undefined {
  try {
    const pid = Number.parseInt(readFileSync(path, 'latin1'), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

function unlinkQuiet(path: string): void {
  try {
    unlinkSync(path);
  } catch {
    // already gone
  }
}
