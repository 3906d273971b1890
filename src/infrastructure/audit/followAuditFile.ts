import { closeSync, fstatSync, readSync, statSync } from 'node:fs';
import { openOrNull } from './readLinesBackward.js';

export interface FollowOptions {
  /** Already open descriptor of the current log and the offset up to which it was read. */
  start: { fd: number; offset: number } | null;
  pollMs: number;
  signal: AbortSignal;
  onLine(line: string): void;
}

/**
 * Follows the log like `tail -F`: polls for new bytes, emits complete lines only, and when the
 * path names a new file (rotation: inode changed) drains the old descriptor first and then
 * reads the new file from its start; a log that shrank (truncated) is read again from 0.
 */
export async function followAuditFile(path: string, opts: FollowOptions): Promise<void> {
  let fd = opts.start?.fd ?? null;
  let offset = opts.start?.offset ?? 0;
  let partial: Buffer = Buffer.alloc(0);
  const buf = Buffer.allocUnsafe(64 * 1024);

  const drain = (): void => {
    if (fd === null) return;
    for (;;) {
      const n = readSync(fd, buf, 0, buf.length, offset);
      if (n <= 0) return;
      offset += n;
      let chunk = Buffer.concat([partial, buf.subarray(0, n)]);
      let nl = chunk.indexOf(0x0a);
      while (nl !== -1) {
        if (nl > 0) opts.onLine(chunk.subarray(0, nl).toString('utf8'));
        chunk = chunk.subarray(nl + 1);
        nl = chunk.indexOf(0x0a);
      }
      partial = Buffer.from(chunk);
    }
  };

  try {
    while (!opts.signal.aborted) {
      if (fd === null) {
        fd = openOrNull(path);
        offset = 0;
        partial = Buffer.alloc(0);
      }
      if (fd !== null) {
        const size = fstatSync(fd).size;
        if (size < offset) {
          offset = 0; // truncated in place
          partial = Buffer.alloc(0);
        }
        drain();
        if (isReplaced(path, fd)) {
          drain();
          closeSync(fd);
          fd = null;
          continue;
        }
      }
      await sleep(opts.pollMs, opts.signal);
    }
  } finally {
    if (fd !== null) closeSync(fd);
  }
}

function isReplaced(path: string, fd: number): boolean {
  try {
    const now = statSync(path);
    const open = fstatSync(fd);
    return now.ino !== open.ino || now.dev !== open.dev;
  } catch {
    return true; // renamed away and not yet recreated
  }
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const t = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(t);
        resolve();
      },
      { once: true },
    );
  });
}
