import { closeSync, openSync, renameSync, statSync, unlinkSync, constants } from 'node:fs';
import type { Stats } from 'node:fs';

const STALE_LOCK_MS = 30_000;

/**
 * Size-based rotation shared by many writer processes. Only the holder of `<log>.lock` (an
 * O_EXCL file) renames, and only if the log is still the file the caller measured, so two
 * writers that both saw the log full rotate it once. A writer that does not get the lock
 * simply appends to the file it has open; its record ends up in `.1`, not lost.
 * Returns true when the caller should reopen the log.
 */
export function rotateIfStillCurrent(path: string, measured: Stats, keep: number): boolean {
  const lock = `${path}.lock`;
  if (!acquire(lock)) return false;
  try {
    let current: Stats;
    try {
      current = statSync(path);
    } catch {
      return true; // someone rotated and nobody has recreated the log yet
    }
    if (current.ino !== measured.ino || current.dev !== measured.dev) return true;
    if (keep <= 0) {
      unlinkSync(path);
      return true;
    }
    for (let i = keep - 1; i >= 1; i--) renameQuiet(`${path}.${i}`, `${path}.${i + 1}`);
    renameSync(path, `${path}.1`);
    return true;
  } finally {
    unlinkQuiet(lock);
  }
}

function acquire(lock: string): boolean {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      closeSync(openSync(lock, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL, 0o600));
      return true;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      // A writer killed mid-rotation leaves its lock behind; an old one is taken over.
      try {
        if (Date.now() - statSync(lock).mtimeMs < STALE_LOCK_MS) return false;
        unlinkSync(lock);
      } catch {
        // The lock vanished between the two calls: try once more.
      }
    }
  }
  return false;
}

function renameQuiet(from: string, to: string): void {
  try {
    renameSync(from, to);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
}

function unlinkQuiet(path: string): void {
  try {
    unlinkSync(path);
  } catch {
    // already gone
  }
}
