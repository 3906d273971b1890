import type { AuditRecord } from '../ports/auditLog.js';
import type { Decision } from '../../domain/verdict.js';

export interface AuditFilter {
  decision?: Decision;
  agent?: string;
  /** Epoch milliseconds; records older than this are skipped. */
  sinceMs?: number;
  /** Case-insensitive text searched in the command, argv, cwd, reasons and rule ids. */
  grep?: string;
}

const UNITS: Record<string, number> = { s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000, w: 604_800_000 };

/** `--since`: a duration back from now (`90s`, `15m`, `2h`, `7d`, `1w`) or a date/time. */
export function parseSince(text: string, nowMs: number): number | null {
  const m = /^(\d+(?:\.\d+)?)([smhdw])$/.exec(text.trim());
  if (m) return nowMs - Number(m[1]) * UNITS[m[2]!]!;
  if (!/^\d{4}-\d{2}-\d{2}/.test(text.trim())) return null;
  const t = Date.parse(text);
  return Number.isNaN(t) ? null : t;
}

/** Parses one stored line; a torn or foreign line is reported as null, never thrown. */
export function parseRecordLine(line: string): AuditRecord | null {
  try {
    const value: unknown = JSON.parse(line);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as AuditRecord) : null;
  } catch {
    return null;
  }
}

export function recordTimeMs(record: AuditRecord): number {
  const t = Date.parse(record.ts);
  return Number.isNaN(t) ? 0 : t;
}

export function matchesFilter(record: AuditRecord, filter: AuditFilter): boolean {
  if (filter.decision && record.decision !== filter.decision) return false;
  if (filter.agent && record.agent !== filter.agent) return false;
  if (filter.sinceMs !== undefined && recordTimeMs(record) < filter.sinceMs) return false;
  if (filter.grep) {
    const needle = filter.grep.toLowerCase();
    const hay = [
      record.command ?? '',
      ...(record.argv ?? []),
      record.cwd ?? '',
      ...(record.reasons ?? []).flatMap((r) => [r.code, r.message]),
      ...(record.rule_ids ?? []),
    ]
      .join('\n')
      .toLowerCase();
    if (!hay.includes(needle)) return false;
  }
  return true;
}

/**
 * Concurrent writers can append a few records slightly out of time order, so a backward scan
 * with `--since` stops only once it is this far before the limit.
 */
export const SINCE_SCAN_SLACK_MS = 5 * 60_000;
