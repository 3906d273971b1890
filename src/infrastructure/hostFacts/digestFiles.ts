// The digest behind project pinning (src/domain/approvals/projectPin.ts): read only when a pinned
// approval matched, so the interception path pays for it only then.
import { createHash } from 'node:crypto';
import { closeSync, constants, fstatSync, openSync, readSync, statSync } from 'node:fs';

/** Pin files are small; a bigger one is not digested (the approval then asks again). */
const MAX_BYTES = 1024 * 1024;

/**
 * One SHA-256 over each path (length-prefixed) and its contents, or a marker for an absent path.
 * Undefined when a path exists but is not a readable plain file: a directory, a FIFO (opened
 * non-blocking, so it never hangs the review), no permission, over MAX_BYTES.
 */
export function digestFiles(paths: readonly string[]): string | undefined {
  const hash = createHash('sha256');
  for (const p of paths) {
    hash.update(`${Buffer.byteLength(p)}:${p}\0`);
    let st;
    try {
      // stat without throwing keeps the common case (most names are absent) free of exceptions.
      st = statSync(p, { throwIfNoEntry: false });
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOTDIR') st = undefined;
      else return undefined;
    }
    if (st === undefined) {
      hash.update('absent\0');
      continue;
    }
    const body = readPlainFile(p);
    if (body === undefined) return undefined;
    hash.update(`${body.length}\0`);
    hash.update(body);
  }
  return hash.digest('hex');
}

function readPlainFile(p: string): Buffer | undefined {
  let fd: number | undefined;
  try {
    fd = openSync(p, constants.O_RDONLY | constants.O_NONBLOCK);
    const st = fstatSync(fd);
    if (!st.isFile() || st.size > MAX_BYTES) return undefined;
    const buf = Buffer.alloc(st.size + 1);
    let n = 0;
    for (;;) {
      const got = readSync(fd, buf, n, buf.length - n, null);
      if (got === 0) break;
      n += got;
      if (n > st.size) return undefined; // it grew while read: not one stable content
    }
    return buf.subarray(0, n);
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}
