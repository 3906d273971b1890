import type { AuditRecord } from '../../application/ports/auditLog.js';
import { auditLinesNewestFirst } from './readLinesBackward.js';

/** How far back an end report looks for its start: a command that outlived this many records ends without its copy. */
export const START_SCAN_LINES = 20_000;

/**
 * The `start` record of command `id`, newest first, through rotated files: the end record copies
 * it (as written, so already redacted), so a reader sees the command, its verdict and its exit in
 * one line. A cheap substring test comes before any JSON parse.
 */
export function findStartRecord(auditPath: string, id: string, maxLines = START_SCAN_LINES): AuditRecord | undefined {
  let seen = 0;
  const needle = `"id":"${id}"`;
  for (const line of auditLinesNewestFirst(auditPath)) {
    if (++seen > maxLines) return undefined;
    if (!line.includes(needle)) continue;
    try {
      const record = JSON.parse(line) as AuditRecord;
      if (record.id === id && record.phase === 'start') return record;
    } catch {
      // A torn line is nobody's start.
    }
  }
  return undefined;
}
