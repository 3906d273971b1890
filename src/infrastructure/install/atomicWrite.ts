import { randomBytes, createHash } from 'node:crypto';
import {
  closeSync,
  fsyncSync,
  openSync,
  realpathSync,
  renameSync,
  statSync,
  writeSync,
  unlinkSync,
  chmodSync,
} from 'node:fs';
import { dirname, join, basename } from 'node:path';

export function sha256(text: string | Buffer): string {
  return createHash('sha256').update(text).digest('hex');
}

/** The file a path really names: through a symlinked rc file, we edit its target and keep the link. */
export function realTarget(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
}

/**
 * Writes through a temp file in the same directory and a rename, so a crash leaves either the
 * old file or the new one. Keeps the old file's mode (or uses `mode` for a new file).
 */
export function writeFileAtomic(path: string, content: string | Buffer, mode?: number): void {
  const target = realTarget(path);
  let keepMode = mode ?? 0o644;
  try {
    keepMode = mode ?? statSync(target).mode & 0o7777;
  } catch {
    // New file: the given or default mode.
  }
  const tmp = join(dirname(target), `.${basename(target)}.shimctl-${randomBytes(6).toString('hex')}`);
  const fd = openSync(tmp, 'wx', keepMode);
  try {
    if (typeof content === 'string') writeSync(fd, content);
    else writeSync(fd, content);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  try {
    chmodSync(tmp, keepMode);
    renameSync(tmp, target);
  } catch (err) {
    try {
      unlinkSync(tmp);
    } catch {
      /* already gone */
    }
    throw err;
  }
}
