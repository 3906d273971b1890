import { closeSync, fstatSync, openSync, readFileSync, readSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { rotatedFiles } from '../auditFiles.js';

/**
 * How far shipping got: the inode of the file and the byte offset after the last record
 * handed over. Durable (written with a rename), so a crash re-sends at most one run's records.
 */
export interface ShipCursor {
  ino: number;
  offset: number;
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
  writeFileSync(`${path}.tmp`, JSON.stringify(cursor), { mode: 0o600 });
  renameSync(`${path}.tmp`, path);
}

/**
 * The complete lines after the cursor, at most `max`: the rest of the file the cursor names when
 * it was rotated away (found among the uncompressed rotated files by inode), then the current
 * file. A line still being written (no newline yet) waits for the next run. Lines from the
 * rotated file alone come with a cursor into that file, so the next call goes on from there.
 */
export function newLines(
  auditLog: string,
  cursor: ShipCursor | undefined,
  max = Infinity,
): { lines: string[]; next: ShipCursor } {
  let current: { ino: number; size: number };
  try {
    const st = statSync(auditLog);
    current = { ino: st.ino, size: st.size };
  } catch {
    return { lines: [], next: cursor ?? { ino: 0, offset: 0 } };
  }
  const lines: string[] = [];
  let from = 0;
  if (cursor && cursor.ino === current.ino) from = cursor.offset;
  else if (cursor) {
    const old = rotatedFiles(auditLog).find((f) => !f.gz && inodeOf(f.path) === cursor.ino);
    if (old) {
      const rest = completeLines(old.path, cursor.offset, max);
      if (rest.lines.length >= max)
        return { lines: rest.lines, next: { ino: cursor.ino, offset: cursor.offset + rest.bytes } };
      lines.push(...rest.lines);
    }
  }
  const rest = completeLines(auditLog, from, max - lines.length);
  lines.push(...rest.lines);
  return { lines, next: { ino: current.ino, offset: from + rest.bytes } };
}

function inodeOf(path: string): number | undefined {
  try {
    return statSync(path).ino;
  } catch {
    return undefined;
  }
}

function completeLines(path: string, from: number, max: number): { lines: string[]; bytes: number } {
  const fd = openSync(path, 'r');
  try {
    const size = fstatSync(fd).size;
    if (size <= from || max <= 0) return { lines: [], bytes: 0 };
    const buf = Buffer.alloc(size - from);
    readSync(fd, buf, 0, buf.length, from);
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
  } finally {
    closeSync(fd);
  }
}
