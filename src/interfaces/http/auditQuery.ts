import type { AuditFilter } from '../../application/auditQuery/auditFilter.js';
import { parseSince } from '../../application/auditQuery/auditFilter.js';
import { DECISIONS } from '../../domain/verdict.js';
import type { Decision } from '../../domain/verdict.js';

/** The `audit tail` filters as query parameters: agent, decision, since, text. */
export interface AuditQuery {
  filter: AuditFilter;
  limit: number;
  /** Cursor: only records with a lower `seq` (the next page back). */
  before?: number;
}

export const MAX_PAGE = 1000;

export function parseAuditQuery(
  q: Record<string, unknown>,
  nowMs: number,
  defaults: { since?: string } = {},
): { ok: true; value: AuditQuery } | { ok: false; message: string } {
  const str = (k: string): string | undefined =>
    typeof q[k] === 'string' && q[k] !== '' ? (q[k] as string) : undefined;
  const known = new Set(['agent', 'decision', 'since', 'text', 'limit', 'before']);
  for (const k of Object.keys(q)) if (!known.has(k)) return { ok: false, message: `unknown query parameter '${k}'` };
  const filter: AuditFilter = {};
  const decision = str('decision');
  if (decision !== undefined) {
    if (!(DECISIONS as readonly string[]).includes(decision))
      return { ok: false, message: `decision must be one of ${DECISIONS.join(', ')}` };
    filter.decision = decision as Decision;
  }
  const agent = str('agent');
  if (agent !== undefined) filter.agent = agent;
  const since = str('since') ?? defaults.since;
  if (since !== undefined) {
    const ms = parseSince(since, nowMs);
    if (ms === null)
      return { ok: false, message: `since must be a duration (90s, 15m, 2h, 7d, 1w) or a date/time, not '${since}'` };
    filter.sinceMs = ms;
  }
  const text = str('text');
  if (text !== undefined) filter.grep = text;
  let limit = 100;
  const l = str('limit');
  if (l !== undefined) {
    if (!/^[0-9]{1,4}$/.test(l) || Number(l) < 1 || Number(l) > MAX_PAGE)
      return { ok: false, message: `limit must be 1..${MAX_PAGE}` };
    limit = Number(l);
  }
  const b = str('before');
  let before: number | undefined;
  if (b !== undefined) {
    if (!/^[0-9]{1,15}$/.test(b)) return { ok: false, message: 'before must be a record seq (a positive integer)' };
    before = Number(b);
  }
  return { ok: true, value: before === undefined ? { filter, limit } : { filter, limit, before } };
}
