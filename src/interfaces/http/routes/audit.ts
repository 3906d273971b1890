import type { FastifyInstance } from 'fastify';
import { matchesFilter, parseRecordLine, recordTimeMs } from '../../../application/auditQuery/auditFilter.js';
import { commandsNewestFirst, countRecords } from '../../../application/auditQuery/selectRecords.js';
import type { AuditRecord } from '../../../application/ports/auditLog.js';
import { followAuditFile } from '../../../infrastructure/audit/followAuditFile.js';
import { auditLinesNewestFirst, openOrNull } from '../../../infrastructure/audit/readLinesBackward.js';
import { fstatSync } from 'node:fs';
import { API_VERSION } from '../../api/apiError.js';
import { parseAuditQuery } from '../auditQuery.js';
import { httpError } from '../httpError.js';
import type { HttpDeps } from '../httpDeps.js';

const HEARTBEAT_MS = 15_000;

/** `GET /v1/audit`, `GET /v1/audit/stream`, `GET /v1/stats` (docs/http-api.md). */
export function registerAuditRoutes(app: FastifyInstance, deps: HttpDeps): void {
  // Newest first, a page at a time; `next` is the cursor for the page before (records with a lower seq).
  app.get('/v1/audit', async (req, reply) => {
    const q = parseAuditQuery(req.query as Record<string, unknown>, Date.now());
    if (!q.ok) return reply.code(400).send(httpError('request.invalid_value', q.message));
    const { filter, limit, before } = q.value;
    const records: AuditRecord[] = [];
    let more = false;
    // One record per command, as `audit tail` picks them (a start with no end: never ended).
    for (const r of commandsNewestFirst(auditLinesNewestFirst(deps.auditLog), filter)) {
      if (before !== undefined && (r.seq === undefined || r.seq >= before)) continue;
      if (records.length === limit) {
        more = true;
        break;
      }
      records.push(r);
    }
    const last = records[records.length - 1];
    return { api_version: API_VERSION, records, next: more && last?.seq !== undefined ? last.seq : null };
  });

  app.get('/v1/stats', async (req, reply) => {
    const query = req.query as Record<string, unknown>;
    const { limit: _l, before: _b, ...rest } = query;
    if (_l !== undefined || _b !== undefined)
      return reply
        .code(400)
        .send(httpError('request.invalid_value', 'stats take agent, decision, since and text only'));
    const q = parseAuditQuery(rest, Date.now(), { since: '24h' });
    if (!q.ok) return reply.code(400).send(httpError('request.invalid_value', q.message));
    const stats = countRecords(auditLinesNewestFirst(deps.auditLog), q.value.filter);
    return { api_version: API_VERSION, since: new Date(q.value.filter.sinceMs!).toISOString(), ...stats };
  });

  // Decisions over time per agent, for the dashboard's chart: `buckets` equal slices of the window.
  app.get('/v1/timeline', async (req, reply) => {
    const query = { ...(req.query as Record<string, unknown>) };
    const n = query.buckets === undefined ? 24 : Number(query.buckets);
    delete query.buckets;
    if (!Number.isInteger(n) || n < 1 || n > 200)
      return reply.code(400).send(httpError('request.invalid_value', 'buckets must be 1..200'));
    const now = Date.now();
    const q = parseAuditQuery(query, now, { since: '24h' });
    if (!q.ok) return reply.code(400).send(httpError('request.invalid_value', q.message));
    const from = q.value.filter.sinceMs!;
    const width = Math.max(1, Math.ceil((now - from) / n));
    const agents: Record<string, Record<string, number[]>> = {};
    for (const r of commandsNewestFirst(auditLinesNewestFirst(deps.auditLog), q.value.filter)) {
      const t = recordTimeMs(r);
      const i = Math.min(n - 1, Math.floor((t - from) / width));
      const a = (agents[r.agent ?? '(none)'] ??= {
        allow: new Array(n).fill(0),
        ask: new Array(n).fill(0),
        block: new Array(n).fill(0),
      });
      const row = a[r.decision];
      if (row) row[i]! += 1;
    }
    return { api_version: API_VERSION, since: new Date(from).toISOString(), bucketMs: width, buckets: n, agents };
  });

  // Server-sent events from the log's current end, following rotation like `audit tail -f`.
  app.get('/v1/audit/stream', async (req, reply) => {
    const q = parseAuditQuery(req.query as Record<string, unknown>, Date.now());
    if (!q.ok) return reply.code(400).send(httpError('request.invalid_value', q.message));
    const { filter } = q.value;
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      connection: 'keep-alive',
      'x-content-type-options': 'nosniff',
    });
    res.write(': shimctl audit stream\n\n');
    const stop = new AbortController();
    const beat = setInterval(() => res.write(': keep-alive\n\n'), HEARTBEAT_MS);
    req.raw.on('close', () => {
      stop.abort();
      clearInterval(beat);
    });
    const fd = openOrNull(deps.auditLog);
    const start = fd === null ? null : { fd, offset: fstatSync(fd).size };
    try {
      await followAuditFile(deps.auditLog, {
        start,
        pollMs: 200,
        signal: stop.signal,
        onLine(line) {
          const r = parseRecordLine(line);
          if (!r || !matchesFilter(r, filter)) return;
          // One line of JSON per event: JSON.stringify never emits a raw newline.
          res.write(`event: record\nid: ${r.seq ?? ''}\ndata: ${JSON.stringify(r)}\n\n`);
        },
      });
    } finally {
      clearInterval(beat);
      res.end();
    }
  });
}
