import type { AuditFilter } from '../../../application/auditQuery/auditFilter.js';
import { parseSince } from '../../../application/auditQuery/auditFilter.js';
import { DECISIONS } from '../../../domain/verdict.js';
import type { Decision } from '../../../domain/verdict.js';
import { UsageError } from '../runCommand.js';

export interface TailArgs {
  lines: number;
  follow: boolean;
  json: boolean;
  filter: AuditFilter;
}

/** The options of `audit tail` and `audit stats`. */
export const AUDIT_QUERY_OPTIONS = {
  lines: { type: 'string', short: 'n' },
  follow: { type: 'boolean', short: 'f' },
  json: { type: 'boolean' },
  decision: { type: 'string' },
  agent: { type: 'string' },
  since: { type: 'string' },
  grep: { type: 'string' },
} as const;

interface QueryValues {
  lines?: string;
  follow?: boolean;
  json?: boolean;
  decision?: string;
  agent?: string;
  since?: string;
  grep?: string;
}

/** Checks `audit tail|stats` options; throws UsageError with a message for the user. */
export function auditQueryArgs(values: QueryValues, nowMs: number): TailArgs {
  const lines = values.lines === undefined ? 20 : Number(values.lines);
  if (!Number.isInteger(lines) || lines < 0) throw new UsageError(`-n wants a whole number, not '${values.lines}'`);
  const filter: AuditFilter = {};
  if (values.decision !== undefined) {
    if (!(DECISIONS as readonly string[]).includes(values.decision))
      throw new UsageError(`--decision is one of ${DECISIONS.join(', ')}`);
    filter.decision = values.decision as Decision;
  }
  if (values.agent !== undefined) filter.agent = values.agent;
  if (values.grep !== undefined) filter.grep = values.grep;
  if (values.since !== undefined) {
    const since = parseSince(values.since, nowMs);
    if (since === null)
      throw new UsageError(
        `--since wants a duration (30s, 15m, 2h, 7d) or a date (2026-11-29T10:00:00Z), not '${values.since}'`,
      );
    filter.sinceMs = since;
  }
  return { lines, follow: values.follow === true, json: values.json === true, filter };
}
