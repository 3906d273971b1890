import { createHash } from 'node:crypto';
import { closeSync, fstatSync, openSync, readFileSync, readSync, statSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { writeFileAtomic } from '../../files/ownerOnlyFiles.js';
import { rotatedFiles } from '../auditFiles.js';

/**
 * How far shipping got: the file and the byte offset after the last record handed over.
 * Durable (written with a rename), so a crash re-sends at most one chunk's records.
 * The file is named by its inode and, once it has a first line, by `head`: the sha256 of that
 * line. Every line begins with its chain `seq` and the previous line's hash, so `head` names one
 * file for good, even after rotation compressed it into a `.gz` (a new inode).
 */
export interface ShipCursor {
  ino: number;
  offset: number;
  head?: string;
}

export function readCursor(path: string): ShipCursor | undefined {
  try {
    const c = JSON.parse(readFileSync(path, 'utf8')) as ShipCursor;
    return Number.isInteger(c.ino) && Number.isInteger(c.offset) ? c : undefined;
  } catch {
    return undefined;
  }
}

export function writeCursor(path: string, cursor: ShipCursor): void {
  writeFileAtomic(path, JSON.stringify(cursor));
}

/** One audit file as the cursor sees it: rotated ones oldest first, then the live log. */
interface LogFile {
  path: string;
  gz: boolean;
  ino: number;
}

/**
 * The complete lines after the cursor, at most `max`, oldest first: the rest of the file the
 * cursor names, then every newer rotated file (plain or compressed: two rotations while a sink
 * is down leave a middle file that holds records too), then the live log. A line still being
 * written (no newline yet) waits for the next run. `next` points into the last file read.
 * A cursor whose file is gone (retention deleted it) goes on at the start of the oldest file left.
 */
export function newLines(
  auditLog: string,
  cursor: ShipCursor | undefined,
  max = Infinity,
): { lines: string[]; next: ShipCursor } {
  const files = logFiles(auditLog);
  const live = files.at(-1);
  if (!live || live.path !== auditLog) return { lines: [], next: cursor ?? { ino: 0, offset: 0 } };
  let at = files.length - 1;
  let from = 0;
  if (cursor) {
    const found = findCursorFile(files, cursor);
    // Not found: retention deleted it (oldest first), so every file left is newer: all of them go.
    at = Math.max(found, 0);
    from = found >= 0 ? cursor.offset : 0;
  }
  const lines: string[] = [];
  let next: ShipCursor = { ino: live.ino, offset: 0 };
  for (; at < files.length; at++, from = 0) {
    const f = files[at]!;
    // A plain file is read from the offset on (the live log is read on every run); its head
    // comes from its first 64 KB.
    const whole = f.gz ? gunzipSync(readFileSync(f.path)) : undefined;
    const rest = completeLines(whole ? whole.subarray(from) : readFrom(f.path, from), max - lines.length);
    lines.push(...rest.lines);
    next = { ino: f.ino, offset: from + rest.bytes, ...headOf(whole ?? firstLine(f.path)) };
    if (lines.length >= max) break;
  }
  return { lines, next };
}

function logFiles(auditLog: string): LogFile[] {
  const out: LogFile[] = [];
  for (const f of rotatedFiles(auditLog).reverse()) {
    const ino = inodeOf(f.path);
    if (ino !== undefined) out.push({ path: f.path, gz: f.gz, ino });
  }
  const ino = inodeOf(auditLog);
  if (ino !== undefined) out.push({ path: auditLog, gz: false, ino });
  return out;
}

/** The index of the cursor's file: by head when the cursor has one (plain or gz), else by inode (plain only). */
function findCursorFile(files: LogFile[], cursor: ShipCursor): number {
  for (let i = files.length - 1; i >= 0; i--) {
    const f = files[i]!;
    if (!f.gz && f.ino === cursor.ino && (cursor.head === undefined || headOf(firstLine(f.path)).head === cursor.head))
      return i;
  }
  if (cursor.head === undefined) return -1;
  for (let i = files.length - 1; i >= 0; i--) {
    const f = files[i]!;
    if (f.gz && headOf(gunzipSync(readFileSync(f.path))).head === cursor.head) return i;
  }
  return -1;
}

function headOf(buf: Buffer): { head?: string } {
  const nl = buf.indexOf(0x0a);
  if (nl < 0) return {};
  return { head: createHash('sha256').update(buf.subarray(0, nl)).digest('hex') };
}

/** The start of a file, enough for its first line (records are far below 64 KB). */
function firstLine(path: string): Buffer {
  const fd = openSync(path, 'r');
  try {
    const buf = Buffer.alloc(65_536);
    return buf.subarray(0, readSync(fd, buf, 0, buf.length, 0));
  } finally {
    closeSync(fd);
  }
}

function readFrom(path: string, from: number): Buffer {
  const fd = openSync(path, 'r');
  try {
    const buf = Buffer.alloc(Math.max(0, fstatSync(fd).size - from));
    return buf.subarray(0, readSync(fd, buf, 0, buf.length, from));
  } finally {
    closeSync(fd);
  }
}

function inodeOf(path: string): number | undefined {
  try {
    return statSync(path).ino;
  } catch {
    return undefined;
  }
}

function completeLines(buf: Buffer, max: number): { lines: string[]; bytes: number } {
  if (buf.length === 0 || max <= 0) return { lines: [], bytes: 0 };
  let end = buf.lastIndexOf(0x0a) + 1;
  let lines = buf
    .subarray(0, end)
    .toString('utf8')
    .split('\n')
    .filter((l) => l !== '');
  if (lines.length > max) {
    // Records are one line each and hold no raw newline (JSON escapes it): the first `max`
    // lines end at the max-th newline.
    let at = -1;
    for (let n = 0; n < max; n++) at = buf.indexOf(0x0a, at + 1);
    end = at + 1;
    lines = lines.slice(0, max);
  }
  return { lines, bytes: end };
}

/** What is left to ship after `cursor`: complete records and their bytes (for status and doctor). */
export function lagAfter(auditLog: string, cursor: ShipCursor | undefined): { records: number; bytes: number } {
  const { lines } = newLines(auditLog, cursor);
  return { records: lines.length, bytes: lines.reduce((n, l) => n + Buffer.byteLength(l) + 1, 0) };
}
