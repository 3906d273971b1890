import { closeSync, openSync, readSync, writeSync } from 'node:fs';
import { sha256Hex } from '../../domain/audit/sha256.js';

/** `prev` of the first record ever written. */
export const GENESIS = '0'.repeat(64);

/** Where the chain ends: the last record's seq and the SHA-256 of its line; ino/size of the log it ended. */
export interface ChainTip {
  seq: number;
  hash: string;
  ino?: number;
  size?: number;
}

/**
 * The writer puts `v`, `seq` and `prev` first on every line, so they can be read without parsing
 * the record. A command text cannot forge this prefix: inside a JSON string every `"` is escaped.
 */
const CHAIN_PREFIX = /^\{"v":\d+,"seq":(\d+),"prev":"([0-9a-f]{64})"/;

export function chainFields(line: string): { seq: number; prev: string } | undefined {
  const m = CHAIN_PREFIX.exec(line);
  return m ? { seq: Number(m[1]), prev: m[2]! } : undefined;
}

/** The record line with the chain fields first. `record` must already be sanitized, `v` first. */
export function chainedLine(record: Record<string, unknown>, seq: number, prev: string): string {
  const { v, seq: _s, prev: _p, ...rest } = record;
  const body = JSON.stringify(rest);
  return `{"v":${JSON.stringify(v ?? 0)},"seq":${seq},"prev":"${prev}"${body.length > 2 ? `,${body.slice(1)}` : '}'}`;
}

/**
 * The head file holds one JSON line padded to HEAD_SIZE bytes and is rewritten in place with
 * one pwrite under the audit lock (no rename: on ext4, renaming over a file costs ~10× an
 * unlink, because the data is flushed first).
 */
const HEAD_SIZE = 256;

export function writeHead(fd: number, tip: ChainTip): void {
  const text = JSON.stringify({ seq: tip.seq, hash: tip.hash, ino: tip.ino, size: tip.size });
  const buf = Buffer.alloc(HEAD_SIZE, 0x20);
  buf.write(text, 0, 'utf8');
  buf[HEAD_SIZE - 1] = 0x0a;
  if (writeSync(fd, buf, 0, HEAD_SIZE, 0) !== HEAD_SIZE) throw new Error('short write to the audit chain head');
}

/** The head, or undefined when the file is empty or unreadable (the log's last line is used then). */
export function readHeadFd(fd: number): ChainTip | undefined {
  try {
    const buf = Buffer.alloc(HEAD_SIZE);
    const n = readSync(fd, buf, 0, HEAD_SIZE, 0);
    const head = JSON.parse(buf.subarray(0, n).toString('utf8')) as ChainTip;
    return Number.isSafeInteger(head.seq) && /^[0-9a-f]{64}$/.test(head.hash) ? head : undefined;
  } catch {
    return undefined;
  }
}

export function readHead(path: string): ChainTip | undefined {
  let fd: number | undefined;
  try {
    fd = openSync(path, 'r');
    return readHeadFd(fd);
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/**
 * The bytes of the last line of `[0, end)` (without its newline), and whether the file ends
 * without one (torn by a truncation). Reads backwards in blocks, so the cost follows the line.
 */
export function lastLineBytes(fd: number, end: number): { line: Buffer; torn: boolean } | undefined {
  if (end <= 0) return undefined;
  const last = Buffer.alloc(1);
  readSync(fd, last, 0, 1, end - 1);
  const torn = last[0] !== 0x0a;
  const stop = torn ? end : end - 1;
  let chunks: Buffer[] = [];
  let pos = stop;
  const block = 64 * 1024;
  while (pos > 0) {
    const size = Math.min(block, pos);
    pos -= size;
    const buf = Buffer.allocUnsafe(size);
    const n = readSync(fd, buf, 0, size, pos);
    const part = buf.subarray(0, n);
    const nl = part.lastIndexOf(0x0a);
    if (nl !== -1) {
      chunks = [part.subarray(nl + 1), ...chunks];
      return { line: Buffer.concat(chunks), torn };
    }
    chunks = [part, ...chunks];
  }
  return { line: Buffer.concat(chunks), torn };
}

/** The tip as the file shows it: its last line's hash, and the seq of the last chained line. */
export function tipFromFile(fd: number, end: number): (ChainTip & { torn: boolean }) | undefined {
  const last = lastLineBytes(fd, end);
  if (!last) return undefined;
  const hash = sha256Hex(last.line);
  const fields = chainFields(last.line.subarray(0, 200).toString('utf8'));
  if (fields) return { seq: fields.seq, hash, torn: last.torn };
  // A legacy (v1) or damaged last line: the seq continues from the last chained line before it.
  let end2 = end - last.line.length - (last.torn ? 0 : 1);
  for (let i = 0; i < 1000 && end2 > 0; i++) {
    const prev = lastLineBytes(fd, end2);
    if (!prev) break;
    const f = chainFields(prev.line.subarray(0, 200).toString('utf8'));
    if (f) return { seq: f.seq + 1, hash, torn: last.torn };
    end2 -= prev.line.length + 1;
  }
  return { seq: 0, hash, torn: last.torn };
}
