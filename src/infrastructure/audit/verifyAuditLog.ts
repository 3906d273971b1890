import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { basename } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { ChainChecker } from '../../domain/audit/chainCheck.js';
import type { ChainReport } from '../../domain/audit/chainCheck.js';
import { headPath, lockPath, rotatedFiles } from './auditFiles.js';
import { acquireAuditLock, releaseAuditLock } from './auditLock.js';
import { readHead } from './chainHead.js';
import { MAX_INFLATED } from './readLinesBackward.js';

export interface VerifyReport extends ChainReport {
  /** The files walked, oldest first (names only). */
  files: string[];
  /** True when `maxBytes` stopped the walk short of the oldest file. */
  partial: boolean;
}

interface Snap {
  name: string;
  fd: number;
  gz: boolean;
  size: number;
}

/**
 * Walks the log and its rotated files (plain or gzip), oldest first, and checks the hash chain
 * and the head file. The file set, the current file's size and the head are taken under the
 * audit lock, so writers running meanwhile cannot make a clean log look broken. With
 * `maxBytes`, only the newest files adding up to about that many bytes on disk are read (the
 * walk then starts inside the chain and cannot judge what came before).
 */
export function verifyAuditLog(path: string, opts: { maxBytes?: number } = {}): VerifyReport {
  const snaps: Snap[] = [];
  let head;
  let partial = false;
  try {
    const lock = acquireAuditLock(lockPath(path));
    try {
      const all = [...rotatedFiles(path)].reverse().map((f) => ({ name: basename(f.path), path: f.path, gz: f.gz }));
      all.push({ name: basename(path), path, gz: false });
      for (const f of all) {
        let fd: number;
        try {
          fd = openSync(f.path, 'r');
        } catch (err) {
          if ((err as NodeJS.ErrnoException).code === 'ENOENT') continue;
          throw err;
        }
        snaps.push({ name: f.name, fd, gz: f.gz, size: fstatSync(fd).size });
      }
      head = readHead(headPath(path));
    } finally {
      releaseAuditLock(lock);
    }
    let start = 0;
    if (opts.maxBytes !== undefined) {
      let total = 0;
      for (let i = snaps.length - 1; i >= 0; i--) {
        total += snaps[i]!.size;
        start = i;
        if (total >= opts.maxBytes) break;
      }
      partial = start > 0;
    }
    const checker = new ChainChecker();
    for (const s of snaps.slice(start)) feedFile(checker, s);
    const last = snaps[snaps.length - 1];
    const report = checker.finish(head, { file: last?.name ?? basename(path), line: 0 });
    return { ...report, files: snaps.slice(start).map((s) => s.name), partial };
  } finally {
    for (const s of snaps) closeSync(s.fd);
  }
}

function feedFile(checker: ChainChecker, s: Snap): void {
  let buf = Buffer.allocUnsafe(s.size);
  let got = 0;
  while (got < s.size) {
    const n = readSync(s.fd, buf, got, s.size - got, got);
    if (n <= 0) break;
    got += n;
  }
  buf = buf.subarray(0, got);
  if (s.gz) buf = gunzipSync(buf, { maxOutputLength: MAX_INFLATED });
  let start = 0;
  let line = 0;
  while (start < buf.length) {
    const nl = buf.indexOf(0x0a, start);
    line++;
    if (nl === -1) {
      checker.feed(buf.subarray(start), false, { file: s.name, line });
      return;
    }
    if (nl > start) checker.feed(buf.subarray(start, nl), true, { file: s.name, line });
    start = nl + 1;
  }
}
