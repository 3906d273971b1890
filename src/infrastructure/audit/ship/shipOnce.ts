import { createConnection } from 'node:net';
import type { ShipConfig, ShipTarget } from './shipConfig.js';
import { newLines, readCursor, writeCursor } from './shipCursor.js';

/**
 * One shipping run (issue 14): the local JSONL stays the source of truth and is never touched.
 * The records after the durable cursor go to every target through pino transports (syslog:
 * pino-syslog RFC 5424 over pino-socket TCP; Loki: pino-loki; OpenTelemetry logs over OTLP/HTTP:
 * pino-opentelemetry-transport; file: pino/file), which run in a
 * worker thread. Only when every target was reachable and the transports closed within
 * `timeoutMs` does the cursor move; otherwise it stays and the next run sends the same records
 * again (at least once). Runs of more than SHIP_CHUNK records go in chunks, each moving the
 * cursor once delivered. Shipping runs off the interception path: a sink that is down never
 * blocks or fails a command, and never loses a local record.
 */
export interface ShipResult {
  sent: number;
  /** Targets that could not be reached before sending (nothing was sent; the cursor stayed). */
  unreachable: string[];
  /** True when the cursor moved past the records sent. */
  advanced: boolean;
  error?: string;
}

/**
 * Records per transport session. pino's `transport.end()` gives its worker 10 s to close (then
 * fails the run): a 100k backlog in one session did not fit. Each chunk moves the cursor when
 * it is delivered, so a failure part-way keeps what was delivered before it.
 */
export const SHIP_CHUNK = 5000;

export async function shipOnce(auditLog: string, cursorPath: string, config: ShipConfig): Promise<ShipResult> {
  let { lines, next } = newLines(auditLog, readCursor(cursorPath), SHIP_CHUNK);
  if (lines.length === 0) return { sent: 0, unreachable: [], advanced: false };
  const unreachable: string[] = [];
  await Promise.all(
    config.targets.map(async (t) => {
      if (!(await reachable(t, config.timeoutMs))) unreachable.push(describeTarget(t));
    }),
  );
  if (unreachable.length > 0)
    return { sent: 0, unreachable, advanced: false, error: `unreachable: ${unreachable.join(', ')}` };
  let sent = 0;
  while (lines.length > 0) {
    const error = await shipChunk(lines, config);
    // `sent`: what was delivered (the cursor is past it); the failed chunk goes again next run.
    if (error !== undefined) return { sent, unreachable, advanced: sent > 0, error };
    writeCursor(cursorPath, next);
    sent += lines.length;
    ({ lines, next } = newLines(auditLog, next, SHIP_CHUNK));
  }
  return { sent, unreachable, advanced: true };
}

/** One transport session over `lines`: undefined when every target closed in time without an error. */
async function shipChunk(lines: readonly string[], config: ShipConfig): Promise<string | undefined> {
  // pino is loaded only here: `audit ship` is the only command that needs it.
  const { pino } = await import('pino');
  const transport = pino.transport({
    targets: config.targets.map((t) => pinoTarget(t, lines.length, config.timeoutMs)) as never,
    // The OpenTelemetry resource describes the host only: the SDK's other detectors add the
    // process's command line and environment-given attributes, which are not the audit's to send.
    worker: { env: { ...process.env, OTEL_NODE_RESOURCE_DETECTORS: 'host' } },
  });
  let failure: string | undefined;
  transport.on('error', (err: Error) => {
    failure = err.message;
  });
  const logger = pino({ base: null, messageKey: 'msg' }, transport);
  for (const line of lines) {
    // The stored record, as written (already redacted): its fields go as the log's fields.
    const record = JSON.parse(line) as Record<string, unknown>;
    logger.info(
      { ...record, msg: undefined },
      `${String(record.decision ?? '')} ${String(record.command ?? '')}`.trim(),
    );
  }
  const closed = await new Promise<boolean>((resolve) => {
    const timer = setTimeout(() => resolve(false), config.timeoutMs);
    transport.once('close', () => {
      clearTimeout(timer);
      resolve(true);
    });
    transport.end();
  });
  if (!closed || failure !== undefined) return failure ?? `the transports did not finish within ${config.timeoutMs} ms`;
  return undefined;
}

function pinoTarget(t: ShipTarget, records: number, timeoutMs: number): Record<string, unknown> {
  if (t.type === 'file') return { target: 'pino/file', options: { destination: t.path, mkdir: true } };
  if (t.type === 'otlp') return otlpTarget(t, records, timeoutMs);
  // One batch, pushed by pino-loki's close, which awaits it: unbatched, each record was pushed
  // unawaited and the close returned at once (the cursor moved past records still in flight,
  // in no set order). No size cap (its default drops the oldest past 10,000) and no interval
  // push during a run (interval pushes are not awaited either).
  if (t.type === 'loki') {
    return {
      target: 'pino-loki',
      options: {
        host: t.url,
        batching: { interval: LOKI_NO_INTERVAL_S, maxBufferSize: 0 },
        timeout: timeoutMs,
        labels: { app: 'shimctl', ...t.labels },
      },
    };
  }
  return {
    pipeline: [
      { target: 'pino-syslog', options: { modern: true, appname: 'shimctl', enablePipelining: true, newline: true } },
      { target: 'pino-socket', options: { mode: 'tcp', address: t.host, port: t.port } },
    ],
  };
}

/**
 * pino-opentelemetry-transport with one batch processor. Its queue holds the whole run: the
 * SDK's default (2,048) drops what does not fit, and a backlog is larger. Its close (the
 * provider's shutdown) exports what is queued before it ends. The resource names the service
 * and the host (see the worker's env above); the record's fields are the log's attributes.
 */
function otlpTarget(
  t: Extract<ShipTarget, { type: 'otlp' }>,
  records: number,
  timeoutMs: number,
): Record<string, unknown> {
  // No keep-alive: an idle pooled socket kept the transport's worker alive past its close.
  const exporter = { url: t.url, headers: t.headers ?? {}, timeoutMillis: timeoutMs, keepAlive: false };
  return {
    target: 'pino-opentelemetry-transport',
    options: {
      loggerName: 'shimctl.audit',
      serviceVersion: '1',
      resourceAttributes: { 'service.name': 'shimctl' },
      logRecordProcessorOptions: {
        recordProcessorType: 'batch',
        exporterOptions:
          t.protocol === 'http/json'
            ? { protocol: 'http', httpExporterOptions: exporter }
            : { protocol: 'http/protobuf', protobufExporterOptions: exporter },
        processorConfig: {
          maxQueueSize: Math.max(2048, records),
          maxExportBatchSize: 512,
          scheduledDelayMillis: 200,
          exportTimeoutMillis: timeoutMs,
        },
      },
    },
  };
}

/** A day: longer than any run (bounded by timeoutMs ≤ 600 s), so only the close pushes. */
const LOKI_NO_INTERVAL_S = 86_400;

export function describeTarget(t: ShipTarget): string {
  return t.type === 'file'
    ? `file ${t.path}`
    : t.type === 'syslog'
      ? `syslog ${t.host}:${t.port}`
      : `${t.type} ${t.url}`;
}

/** A TCP connect to the target's host and port, bounded; a file target is always reachable. */
function reachable(t: ShipTarget, timeoutMs: number): Promise<boolean> {
  if (t.type === 'file') return Promise.resolve(true);
  const { host, port } =
    t.type === 'syslog'
      ? t
      : (() => {
          const u = new URL(t.url);
          return { host: u.hostname, port: Number(u.port || (u.protocol === 'https:' ? 443 : 80)) };
        })();
  return new Promise((resolve) => {
    const socket = createConnection({ host, port });
    const done = (ok: boolean): void => {
      clearTimeout(timer);
      socket.destroy();
      resolve(ok);
    };
    const timer = setTimeout(() => done(false), Math.min(timeoutMs, 2000));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}
