import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  closeSync,
  constants,
  fchmodSync,
  fstatSync,
  lstatSync,
  mkdirSync,
  openSync,
  readSync,
  renameSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import type { Stats } from 'node:fs';
import { basename, dirname, join } from 'node:path';

// The one home for shimctl's owner-only files (audit trail, approvals, HTTP token). One symlink
// rule: refuse. A directory is checked with lstat, a file is opened with O_NOFOLLOW, so a link
// planted where our state lives cannot point our writes (or reads) somewhere else. Errors are
// plain Errors: each caller maps them (the audit to AuditUnavailableError, which fails closed).

const uid = (): number | undefined => (typeof process.getuid === 'function' ? process.getuid() : undefined);

function refuseForeign(path: string, st: Stats): void {
  const me = uid();
  if (me !== undefined && st.uid !== me)
    throw new Error(`${path} belongs to uid ${st.uid}, not to this user (uid ${me}); refusing to use it`);
}

/**
 * Creates `dir` (and parents) owner-only and checks what is there: a directory (not a symlink)
 * owned by this user. A group- or world-writable one we own is tightened; one owned by someone
 * else is refused, since they could plant, read or replace what we keep there.
 */
export function ensureOwnerOnlyDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const st = lstatSync(dir);
  if (st.isSymbolicLink()) throw new Error(`${dir} is a symlink, not a directory; refusing to follow it`);
  if (!st.isDirectory()) throw new Error(`${dir} is not a directory`);
  refuseForeign(dir, st);
  if ((st.mode & 0o077) !== 0) chmodSync(dir, 0o700);
}

/**
 * Opens (creating 0600) a regular file of ours, never through a symlink (O_NOFOLLOW: ELOOP);
 * tightens a wider mode, refuses a file of another user or one that is not a regular file.
 */
function openOwnerOnly(path: string, flags: number): number {
  const fd = openSync(path, flags | constants.O_CREAT | constants.O_NOFOLLOW, 0o600);
  try {
    const st = fstatSync(fd);
    if (!st.isFile()) throw new Error(`${path} is not a regular file`);
    refuseForeign(path, st);
    if ((st.mode & 0o077) !== 0) fchmodSync(fd, st.mode & 0o600);
    return fd;
  } catch (err) {
    closeSync(fd);
    throw err;
  }
}

/**
 * For appending (O_APPEND: concurrent writers never interleave). Read-write so a writer may
 * pread the last line (the audit's chain head) on the same descriptor.
 */
export function openOwnerOnlyAppend(path: string): number {
  return openOwnerOnly(path, constants.O_RDWR | constants.O_APPEND);
}

/** For a small file rewritten in place (the audit's chain head). */
export function openOwnerOnlyRw(path: string): number {
  return openOwnerOnly(path, constants.O_RDWR);
}

/** Writes a 0600 file by temp + rename: readers see the old file or the whole new one, never half. */
export function writeFileAtomic(file: string, text: string | Buffer): void {
  const tmp = join(dirname(file), `.${basename(file)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
  try {
    writeFileSync(tmp, text, { mode: 0o600, flag: 'wx' });
    renameSync(tmp, file);
  } catch (err) {
    try {
      unlinkSync(tmp);
    } catch {
      /* already gone */
    }
    throw err;
  }
}

/**
 * Reads a file only if it is a regular file owned by this user, not a symlink, not readable by
 * others, and at most `maxBytes`. Anything else is `undefined`: a FIFO would hang the reader, a
 * symlink could point anywhere, a foreign file was not written by us.
 */
export function readOwnedFile(file: string, maxBytes: number): Buffer | undefined {
  let fd: number;
  try {
    fd = openSync(file, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  } catch {
    return undefined;
  }
  try {
    const st = fstatSync(fd);
    const me = uid();
    if (!st.isFile() || (me !== undefined && st.uid !== me) || (st.mode & 0o077) !== 0 || st.size > maxBytes)
      return undefined;
    const buf = Buffer.alloc(st.size);
    let off = 0;
    while (off < st.size) {
      const n = readSync(fd, buf, off, st.size - off, off);
      if (n === 0) break;
      off += n;
    }
    return buf.subarray(0, off);
  } finally {
    closeSync(fd);
  }
}

export function removeQuietly(file: string): void {
  try {
    unlinkSync(file);
  } catch {
    // Already gone: that is the goal.
  }
}
