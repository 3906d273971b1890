import { renameSync, statSync, unlinkSync } from 'node:fs';
import type { PolicyConfig } from '../../domain/policyConfig.js';
import { rotatedFiles, rotatedName } from './auditFiles.js';

const DAY_MS = 24 * 3600 * 1000;

/**
 * Rotates the log; the caller holds the audit lock (acquireAuditLock), so no writer appends
 * meanwhile and the chain simply continues in the new file. `<log>.N(.gz)` becomes `.N+1`,
 * the log becomes `.1` (left plain: it is where `audit tail` and the chain look first), and
 * files past `keep` are deleted **only if their newest record is older than the retention
 * window** (the file's mtime: the time of its last write, carried over by compression). A burst
 * of records therefore makes the directory grow (compressed) instead of flushing recent
 * history; when the disk fills, the writer fails closed and commands are blocked instead.
 * Returns the number of files deleted.
 */
export function rotateLocked(path: string, config: PolicyConfig['audit'], nowMs: number): number {
  const rotated = rotatedFiles(path);
  for (let i = rotated.length - 1; i >= 0; i--) {
    const f = rotated[i]!;
    renameSync(f.path, rotatedName(path, f.index + 1, f.gz));
    // An interrupted compression can leave the other form of the same index: move it along too.
    renameQuiet(rotatedName(path, f.index, !f.gz), rotatedName(path, f.index + 1, !f.gz));
  }
  renameSync(path, rotatedName(path, 1, false));
  const windowMs = config.retentionDays * DAY_MS;
  let deleted = 0;
  const indexes = [1, ...rotated.map((f) => f.index + 1)].sort((a, b) => b - a);
  for (const index of indexes) {
    if (index <= config.keep) break;
    const plain = rotatedName(path, index, false);
    const gz = rotatedName(path, index, true);
    const newest = Math.max(mtimeOr0(plain), mtimeOr0(gz));
    // Oldest first: once one is inside the window, every newer one is too.
    if (windowMs > 0 && newest >= nowMs - windowMs) break;
    deleted += unlinkQuiet(plain) + unlinkQuiet(gz);
  }
  return deleted;
}

function mtimeOr0(path: string): number {
  try {
    return statSync(path).mtimeMs;
  } catch {
    return 0;
  }
}

function renameQuiet(from: string, to: string): void {
  try {
    renameSync(from, to);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
}

function unlinkQuiet(path: string): number {
  try {
    unlinkSync(path);
    return 1;
  } catch {
    return 0;
  }
}
