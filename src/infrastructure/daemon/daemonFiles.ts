import { randomBytes } from 'node:crypto';
import { closeSync, openSync, readFileSync, renameSync, statSync, unlinkSync, writeSync, constants } from 'node:fs';
import { join } from 'node:path';
import { processAlive } from '../exec/processAlive.js';
import { ensureOwnerOnlyDir } from '../files/ownerOnlyFiles.js';

/** The files of the resident review process, all inside the owner-only run directory. */
export interface DaemonFiles {
  dir: string;
  socket: string;
  token: string;
  lock: string;
  /** Touched by the client when it starts a daemon, so a broken setup is not retried per command. */
  spawned: string;
}

export function daemonFiles(runDir: string): DaemonFiles {
  return {
    dir: runDir,
    socket: join(runDir, 'daemon.sock'),
    token: join(runDir, 'daemon.token'),
    lock: join(runDir, 'daemon.lock'),
    spawned: join(runDir, 'daemon.spawned'),
  };
}

/**
 * Creates the run directory 0700 or tightens ours. Another user's directory (or a symlink) is
 * refused: whoever owns it could read the token or put their own socket in our place.
 */
export function ensureRunDir(dir: string): void {
  ensureOwnerOnlyDir(dir);
}

/** A fresh 256-bit token, written 0600 through a rename so a reader never sees half of it. */
export function writeToken(files: DaemonFiles): string {
  const token = randomBytes(32).toString('hex');
  const tmp = `${files.token}.${process.pid}`;
  const fd = openSync(tmp, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW, 0o600);
  try {
    writeSync(fd, `${token}\n`);
  } finally {
    closeSync(fd);
  }
  renameSync(tmp, files.token);
  return token;
}

export function readLockPid(files: DaemonFiles): number | undefined {
  try {
    const pid = Number(readFileSync(files.lock, 'utf8').trim());
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

/**
 * One daemon per run directory: the lock file is created O_EXCL holding our pid. A lock whose
 * pid is gone is stale (a daemon killed with -9) and is taken over. Returns false when another
 * live daemon holds it.
 */
export function acquireLock(files: DaemonFiles): boolean {
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(
        files.lock,
        constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW,
        0o600,
      );
      writeSync(fd, `${process.pid}\n`);
      closeSync(fd);
      return true;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const pid = readLockPid(files);
      // A lock still being written (no pid yet) is young: leave it to its writer.
      if (pid === undefined && Date.now() - safeMtime(files.lock) < 2000) return false;
      if (pid !== undefined && pid !== process.pid && processAlive(pid)) return false;
      unlinkQuiet(files.lock);
    }
  }
  return false;
}

function safeMtime(path: string): number {
  try {
    return statSync(path).mtimeMs;
  } catch {
    return 0;
  }
}

/** Removes our socket, token and lock, but only the lock if it is still ours. */
export function releaseFiles(files: DaemonFiles, token: string | undefined): void {
  if (readLockPid(files) === process.pid) {
    unlinkQuiet(files.socket);
    try {
      if (token && readFileSync(files.token, 'utf8').trim() === token) unlinkQuiet(files.token);
    } catch {
      // already gone
    }
    unlinkQuiet(files.lock);
  }
}

export function unlinkQuiet(path: string): void {
  try {
    unlinkSync(path);
  } catch {
    // already gone
  }
}
