// The text of a patch `git apply` / `git am` is given, for the review (domain/review/gitPatches.ts).
// Read only when such a command is reviewed, and bounded: a regular file of at most
// MAX_PATCH_BYTES, valid UTF-8. Opened non-blocking, so a FIFO swapped in after the check does
// not hang the review; every failure is a `problem` (the review then asks), never a throw.
import { closeSync, constants, fstatSync, openSync, readSync } from 'node:fs';
import type { PatchFileFact } from '../../domain/reviewRequest.js';

/** Larger patches are not read: the review asks instead of spending time on them. */
export const MAX_PATCH_BYTES = 1024 * 1024;

export function readPatchFile(absPath: string): PatchFileFact {
  let fd: number;
  try {
    fd = openSync(absPath, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    return { problem: code === 'ENOENT' ? 'no such file' : `it cannot be opened: ${code ?? 'error'}` };
  }
  try {
    const st = fstatSync(fd);
    if (!st.isFile()) return { problem: 'not a regular file' };
    if (st.size > MAX_PATCH_BYTES) return { problem: `larger than ${MAX_PATCH_BYTES} bytes` };
    const buf = Buffer.alloc(st.size + 1);
    let n = 0;
    for (let got = 1; got > 0 && n < buf.length; n += got) got = readSync(fd, buf, n, buf.length - n, null);
    // Grown since the fstat: more than was judged would be applied.
    if (n > st.size) return { problem: 'it grew while being read' };
    try {
      return { text: new TextDecoder('utf-8', { fatal: true }).decode(buf.subarray(0, n)) };
    } catch {
      return { problem: 'not UTF-8 text' };
    }
  } catch (e) {
    return { problem: `it cannot be read: ${(e as NodeJS.ErrnoException).code ?? 'error'}` };
  } finally {
    closeSync(fd);
  }
}
