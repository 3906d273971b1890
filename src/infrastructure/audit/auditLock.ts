import { closeSync, fstatSync, openSync, statSync, writeSync, constants } from 'node:fs';
import { AuditUnavailableError } from '../../application/ports/auditLog.js';
import { breakStaleLock, readLockFilePid } from '../files/pidLockFile.js';
import { removeQuietly } from '../files/ownerOnlyFiles.js';

/** A holder normally keeps the lock for tens of microseconds; one older than this is taken over. */
const STALE_MS = 5_000;
/** Fail closed (the command does not run) rather than wait longer than this. */
const WAIT_MS = 30_000;

export interface HeldLock {
  readonly path: string;
  readonly fd: number;
  readonly ino: number;
}

const pause = new Int32Array(new SharedArrayBuffer(4));
const sleepMs = (ms: number): void => void Atomics.wait(pause, 0, 0, ms);

/**
 * Takes `<log>.lock`, created O_EXCL with our pid in it. Node has no flock(2); an O_EXCL file is
 * the lock every writer process (the resident one and per-command cores) can share. The writer
 * holds it around "read the chain head, append one line, publish the new head", so two writers
 * can never chain to the same previous record. A lock whose holder is dead (kill -0 says so) or
 * that is older than STALE_MS (a holder stopped with SIGSTOP) is taken over; a taken-over
 * holder that wakes up again can at worst fork the chain, which `audit verify` reports.
 */
export function acquireAuditLock(path: string): HeldLock {
  const started = Date.now();
  let checked = started;
  let wait = 0.05;
  for (;;) {
    let fd: number | undefined;
    try {
      fd = openSync(path, constants.O_RDWR | constants.O_CREAT | constants.O_EXCL, 0o600);
      writeSync(fd, `${process.pid}\n`);
      return { path, fd, ino: fstatSync(fd).ino };
    } catch (err) {
      if (fd !== undefined) {
        closeSync(fd);
        removeQuietly(path);
      }
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    // Looking for a dead holder costs a few syscalls: only every 100 ms of waiting.
    const now = Date.now();
    if (now - checked >= 100) {
      checked = now;
      if (breakStaleLock(path, STALE_MS)) continue;
    }
    if (now - started > WAIT_MS) {
      throw new AuditUnavailableError(
        `the audit log lock ${path} has been held for more than ${WAIT_MS / 1000}s (by pid ${readLockFilePid(path) ?? '?'})`,
      );
    }
    // A holder keeps it for tens of microseconds. Back off with jitter: waiters that all wake
    // together would only collide again.
    sleepMs(wait * (0.5 + Math.random()));
    wait = Math.min(wait * 2, 2);
  }
}

/** Releases the lock; does nothing to a lock that is no longer ours (taken over as stale). */
export function releaseAuditLock(lock: HeldLock): void {
  closeSync(lock.fd);
  try {
    if (statSync(lock.path).ino !== lock.ino) return;
  } catch {
    return; // taken over and released by someone else
  }
  removeQuietly(lock.path);
}
