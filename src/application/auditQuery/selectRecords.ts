import type { AuditRecord } from '../ports/auditLog.js';
import type { AuditFilter } from './auditFilter.js';
import { SINCE_SCAN_SLACK_MS, matchesFilter, parseRecordLine, recordTimeMs } from './auditFilter.js';

export interface SelectedRecord {
  record: AuditRecord;
  /** The line as stored, for `--json`. */
  line: string;
}

/**
 * One entry per command, newest first: a `start` record whose `end` was already seen (it is
 * newer) is skipped, so a command shows once, by its end record when there is one, and a
 * `start` that is shown is a command that never ended (or is still running).
 */
function onePerCommand(): (record: AuditRecord) => boolean {
  const ended = new Set<string>();
  return (record) => {
    if (record.phase === 'end') ended.add(record.id);
    return !(record.phase === 'start' && ended.delete(record.id));
  };
}

/**
 * The last `limit` commands matching the filter, oldest first, from lines given newest first.
 * Stops reading as soon as it has enough, or once past `--since`: the cost follows what is
 * printed, not the size of the log.
 */
export function selectLastRecords(
  linesNewestFirst: Iterable<string>,
  filter: AuditFilter,
  limit: number,
): SelectedRecord[] {
  const picked: SelectedRecord[] = [];
  if (limit <= 0) return picked;
  const pastSince = pastSinceDetector(filter);
  const shown = onePerCommand();
  for (const line of linesNewestFirst) {
    const record = parseRecordLine(line);
    if (!record) continue;
    if (pastSince(record)) break;
    if (!shown(record)) continue;
    if (!matchesFilter(record, filter)) continue;
    picked.push({ record, line });
    if (picked.length >= limit) break;
  }
  return picked.reverse();
}

/**
 * The commands matching the filter, newest first, one each (as `audit tail` picks them), until the
 * scan is past `since`: for readers that page or bucket them (the HTTP API).
 */
export function* commandsNewestFirst(linesNewestFirst: Iterable<string>, filter: AuditFilter): Generator<AuditRecord> {
  const pastSince = pastSinceDetector(filter);
  const shown = onePerCommand();
  for (const line of linesNewestFirst) {
    const record = parseRecordLine(line);
    if (!record || !shown(record)) continue;
    if (pastSince(record)) return;
    if (matchesFilter(record, filter)) yield record;
  }
}

/** One record per decision from a log read oldest first (tests read whole files). */
export function oneRecordPerCommand<T extends object>(oldestFirst: readonly T[]): T[] {
  const shown = onePerCommand();
  return [...oldestFirst]
    .reverse()
    .filter((r) => shown(r as unknown as AuditRecord))
    .reverse();
}

export interface AuditStats {
  /** Commands (a start and its end count once). */
  total: number;
  /** Commands with a start record and no end record: never ended, or still running. */
  notEnded: number;
  unreadable: number;
  byDecision: Record<string, number>;
  byRisk: Record<string, number>;
  byAgent: Record<string, number>;
  byReason: Record<string, number>;
}

/** Counts by decision, risk, agent and reason code over every matching record. */
export function countRecords(linesNewestFirst: Iterable<string>, filter: AuditFilter): AuditStats {
  const stats: AuditStats = {
    total: 0,
    notEnded: 0,
    unreadable: 0,
    byDecision: {},
    byRisk: {},
    byAgent: {},
    byReason: {},
  };
  const bump = (m: Record<string, number>, k: string): void => {
    m[k] = (m[k] ?? 0) + 1;
  };
  const pastSince = pastSinceDetector(filter);
  const shown = onePerCommand();
  for (const line of linesNewestFirst) {
    const record = parseRecordLine(line);
    if (!record) {
      stats.unreadable += 1;
      continue;
    }
    if (pastSince(record)) break;
    if (!shown(record)) continue;
    if (!matchesFilter(record, filter)) continue;
    stats.total += 1;
    if (record.phase === 'start') stats.notEnded += 1;
    bump(stats.byDecision, String(record.decision));
    bump(stats.byRisk, String(record.risk));
    bump(stats.byAgent, record.agent ?? '(none)');
    for (const code of new Set((record.reasons ?? []).map((r) => r.code))) bump(stats.byReason, code);
  }
  return stats;
}

/** Consecutive records well before `--since` after which a backward scan may stop. */
const OLD_RUN_TO_STOP = 100;

/**
 * True once the backward scan is clearly past `--since`: a run of records older than the limit
 * (minus slack), so one record with a skewed clock cannot hide the newer ones behind it.
 */
function pastSinceDetector(filter: AuditFilter): (record: AuditRecord) => boolean {
  if (filter.sinceMs === undefined) return () => false;
  const limit = filter.sinceMs - SINCE_SCAN_SLACK_MS;
  let run = 0;
  return (record) => {
    run = recordTimeMs(record) < limit ? run + 1 : 0;
    return run >= OLD_RUN_TO_STOP;
  };
}
