import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  closeSync,
  constants,
  fstatSync,
  lstatSync,
  mkdirSync,
  openSync,
  readSync,
  renameSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { basename, dirname, join } from 'node:path';

const uid = (): number | undefined => (typeof process.getuid === 'function' ? process.getuid() : undefined);

/**
 * Creates `dir` (and parents) owner-only and checks what is there: a directory (not a symlink)
 * owned by this user. A group- or world-writable one we own is tightened; one owned by someone
 * else is refused, since they could plant or read requests and answers.
 */
export function ensureOwnerOnlyDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const st = lstatSync(dir);
  if (st.isSymbolicLink() || !st.isDirectory()) throw new Error(`${dir} is not a directory`);
  const me = uid();
  if (me !== undefined && st.uid !== me) throw new Error(`${dir} is owned by uid ${st.uid}, not by this user`);
  if ((st.mode & 0o077) !== 0) chmodSync(dir, 0o700);
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
