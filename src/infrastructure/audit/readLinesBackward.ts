import { closeSync, fstatSync, openSync, readFileSync, readSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { rotatedFiles } from './auditFiles.js';

const BLOCK = 64 * 1024;

/**
 * The lines of `[0, end)` of an open file, last first, read in fixed blocks from the end: the
 * cost of the last N lines depends on N and the line length, not on the size of the file.
 * Lines are split on the byte 0x0a before decoding, so a block edge inside a multi-byte
 * character cannot garble it.
 */
export function* linesBackward(fd: number, end: number): Generator<string> {
  let pos = end;
  let carry: Buffer = Buffer.alloc(0);
  const block = Buffer.allocUnsafe(BLOCK);
  while (pos > 0) {
    const size = Math.min(BLOCK, pos);
    pos -= size;
    const n = readSync(fd, block, 0, size, pos);
    let chunk = Buffer.concat([block.subarray(0, n), carry]);
    let nl = chunk.lastIndexOf(0x0a);
    while (nl !== -1) {
      const line = chunk.subarray(nl + 1);
      if (line.length > 0) yield line.toString('utf8');
      chunk = chunk.subarray(0, nl);
      nl = chunk.lastIndexOf(0x0a);
    }
    carry = Buffer.from(chunk);
  }
  if (carry.length > 0) yield carry.toString('utf8');
}

/** A rotated file holds at most `maxBytes` (2^40 by the schema); refuse to inflate more (a gzip bomb). */
export const MAX_INFLATED = 2 ** 31 - 1;

/** The lines of a whole buffer, last first. */
export function* bufferLinesBackward(buf: Buffer): Generator<string> {
  let end = buf.length;
  while (end > 0) {
    const nl = buf.lastIndexOf(0x0a, end - 1);
    const line = buf.subarray(nl + 1, end);
    if (line.length > 0) yield line.toString('utf8');
    end = nl === -1 ? 0 : nl;
  }
}

/** A rotated file's bytes, inflated when it is `.gz`. */
export function readAuditFile(path: string, gz: boolean): Buffer | null {
  let raw: Buffer;
  try {
    raw = readFileSync(path);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
  return gz ? gunzipSync(raw, { maxOutputLength: MAX_INFLATED }) : raw;
}

/**
 * The current log and its rotated predecessors (`.1`, `.2.gz`, ...), newest line first. A
 * compressed file is inflated whole, only when the reader gets that far back.
 */
export function* auditLinesNewestFirst(path: string, currentEnd?: { fd: number; size: number }): Generator<string> {
  if (currentEnd) yield* linesBackward(currentEnd.fd, currentEnd.size);
  else yield* fileLinesBackward(path);
  for (const f of rotatedFiles(path)) {
    if (f.gz) {
      const buf = readAuditFile(f.path, true);
      if (buf) yield* bufferLinesBackward(buf);
      continue;
    }
    const fd = openOrNull(f.path);
    if (fd === null) continue;
    try {
      yield* linesBackward(fd, fstatSync(fd).size);
    } finally {
      closeSync(fd);
    }
  }
}

function* fileLinesBackward(path: string): Generator<string> {
  const fd = openOrNull(path);
  if (fd === null) return;
  try {
    yield* linesBackward(fd, fstatSync(fd).size);
  } finally {
    closeSync(fd);
  }
}

export function openOrNull(path: string): number | null {
  try {
    return openSync(path, 'r');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
}
