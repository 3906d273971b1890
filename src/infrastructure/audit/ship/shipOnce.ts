import { existsSync, lstatSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ShipConfig, ShipTarget } from './shipConfig.js';
import { newLines, readCursor, writeCursor } from './shipCursor.js';
import { tryShipLock } from './shipLock.js';
import { describeTarget, noteFailure, noteSuccess, targetFiles } from './shipState.js';

/**
 * One shipping run (issue 14): the local JSONL stays the source of truth and is never touched.
 * Each target has its own durable cursor (`<cursorPath>.<key>`) and state file: the records
 * after its cursor go through its pino transport (syslog: pino-syslog RFC 5424 over pino-socket
 * TCP; Loki: pino-loki; OpenTelemetry logs over OTLP/HTTP: pino-opentelemetry-transport; file:
 * pino/file), which runs in a worker thread. Loki and OTLP run inside shipAck.cjs, which writes
 * down what the sink answered: a chunk counts as delivered only when the sink accepted it (no
 * failed push, the transport closed within `timeoutMs`). Only then does that target's cursor
 * move; a failed chunk is tried again after a backoff, and a run that still fails leaves the
 * cursor where it was, so the next run sends the same records again.
 *
 * Delivery is at least once: a crash between the sink's answer and the cursor's rename, or a
 * push the sink took but answered too late, sends those records again. A receiver dedups by the
 * record's chain `seq` (one per line of a machine's log) or by `id` with `phase`.
 * Order holds per target: a run never sends a record before the ones ahead of it were accepted.
 * One shipper per target at a time (shipLock.ts): a run that finds another one (the resident
 * process's, another `audit ship`) shipping to a target skips it; that one sends its records.
 */
export interface ShipResult {
  /** Records delivered by this run (the most any target took). */
  sent: number;
  /** Targets that could not be reached before sending (nothing was sent to them). */
  unreachable: string[];
  /** Targets another shipper (the resident process, another `audit ship`) was shipping to: skipped, it sends their records. */
  busy: string[];
  /** True when some target's cursor moved. */
  advanced: boolean;
  error?: string;
  targets: TargetResult[];
}

export interface TargetResult {
  target: string;
  sent: number;
  advanced: boolean;
  error?: string;
  /** The pid of the other shipper holding this target's lock (nothing was sent by this run). */
  busy?: number;
}

/**
 * Records per transport session. pino's `transport.end()` gives its worker 10 s to close (then
 * fails the run): a 100k backlog in one session did not fit. Each chunk moves the cursor when
 * it is delivered, so a failure part-way keeps what was delivered before it.
 */
export const SHIP_CHUNK = 5000;

/** Tries of one chunk within a run, and the first wait between them (doubled each time). */
const ATTEMPTS = 3;
const BACKOFF_MS = 200;

export async function shipOnce(auditLog: string, cursorPath: string, config: ShipConfig): Promise<ShipResult> {
  const targets = await Promise.all(config.targets.map((t) => shipTarget(auditLog, cursorPath, t, config)));
  const unreachable = targets.filter((r) => r.unreachable).map((r) => r.target);
  const busy = targets.filter((r) => r.busy !== undefined).map((r) => r.target);
  const errors = targets.filter((r) => r.error !== undefined).map((r) => `${r.target}: ${r.error}`);
  return {
    sent: Math.max(0, ...targets.map((r) => r.sent)),
    unreachable,
    busy,
    advanced: targets.some((r) => r.advanced),
    ...(errors.length > 0
      ? { error: unreachable.length === errors.length ? `unreachable: ${unreachable.join(', ')}` : errors.join('; ') }
      : {}),
    targets: targets.map(({ unreachable: _u, ...r }) => r),
  };
}

async function shipTarget(
  auditLog: string,
  cursorPath: string,
  t: ShipTarget,
  config: ShipConfig,
): Promise<TargetResult & { unreachable: boolean }> {
  const target = describeTarget(t);
  const files = targetFiles(cursorPath, t);
  // A cursor from before per-target cursors (one for all targets) is where each target starts.
  const cursorNow = () => readCursor(files.cursor) ?? readCursor(cursorPath);
  // Nothing new: no lock taken (the resident shipper looks often; this costs a stat and a read).
  if (newLines(auditLog, cursorNow(), 1).lines.length === 0)
    return { target, sent: 0, advanced: false, unreachable: false };
  const lock = tryShipLock(`${files.cursor}.lock`);
  if (!('release' in lock)) return { target, sent: 0, advanced: false, busy: lock.heldBy ?? 0, unreachable: false };
  try {
    return await shipLocked(auditLog, cursorNow(), files, target, t, config);
  } finally {
    lock.release();
  }
}

/** The run for one target, holding its lock: the cursor is read under it, so no other shipper sends these records. */
async function shipLocked(
  auditLog: string,
  cursor: ReturnType<typeof readCursor>,
  files: { cursor: string; state: string },
  target: string,
  t: ShipTarget,
  config: ShipConfig,
): Promise<TargetResult & { unreachable: boolean }> {
  let { lines, next } = newLines(auditLog, cursor, SHIP_CHUNK);
  if (lines.length === 0) return { target, sent: 0, advanced: false, unreachable: false };
  // A file target replaced by a symlink (an agent's `git apply` of a symlink patch in a workspace
  // the target sits in) would append the records wherever it points, `~/.bashrc` included (attack
  // pass 12): not followed. A failure like any other: status and doctor say why.
  if (t.type === 'file' && isSymlink(t.path)) {
    const error = `the file target ${t.path} is a symbolic link: not followed`;
    noteFailure(files.state, target, error);
    return { target, sent: 0, advanced: false, error, unreachable: false };
  }
  if (!(await reachable(t, config.timeoutMs))) {
    noteFailure(files.state, target, 'unreachable');
    return { target, sent: 0, advanced: false, error: 'unreachable', unreachable: true };
  }
  let sent = 0;
  while (lines.length > 0) {
    let error: string | undefined;
    for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
      if (attempt > 0) await new Promise((r) => setTimeout(r, BACKOFF_MS * 2 ** (attempt - 1)));
      // A transport that cannot even start (a missing module) is a failed chunk too.
      error = await shipChunk(lines, t, config).catch((e: unknown) => (e instanceof Error ? e.message : String(e)));
      if (error === undefined) break;
    }
    // `sent`: what was delivered (the cursor is past it); the failed chunk goes again next run.
    if (error !== undefined) {
      noteFailure(files.state, target, error);
      return { target, sent, advanced: sent > 0, error, unreachable: false };
    }
    writeCursor(files.cursor, next);
    noteSuccess(files.state, target);
    sent += lines.length;
    ({ lines, next } = newLines(auditLog, next, SHIP_CHUNK));
  }
  return { target, sent, advanced: true, unreachable: false };
}

/** One transport session over `lines` to one target: undefined when the sink accepted them all. */
async function shipChunk(lines: readonly string[], t: ShipTarget, config: ShipConfig): Promise<string | undefined> {
  // pino is loaded only here: `audit ship` is the only command that needs it.
  const { pino } = await import('pino');
  const ackDir = mkdtempSync(join(tmpdir(), 'shimctl-ship-'));
  const ackFile = join(ackDir, 'ack.jsonl');
  try {
    const transport = pino.transport({
      targets: [pinoTarget(t, lines.length, config.timeoutMs, ackFile)] as never,
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
    const ended = await endTransport(transport as unknown as EndableTransport, config.timeoutMs);
    if (ended === 'timeout') {
      // Stop a worker still pushing: what it delivers late arrives twice (at least once).
      // Awaited, so the worker is gone before its ack directory is removed below.
      await (transport as unknown as { worker?: { terminate(): Promise<number> } }).worker?.terminate();
      return `the transport did not finish within ${config.timeoutMs} ms`;
    }
    if (failure !== undefined) return failure;
    // Ended without finishing and without an error: what reached the sink is unknown; sent again.
    if (ended === 'closed') return 'the transport ended before it finished';
    return t.type === 'loki' || t.type === 'otlp' ? ackError(ackFile, t.type) : undefined;
  } finally {
    // Retried: a transport worker may still be appending its last note while the tree goes.
    rmSync(ackDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 50 });
  }
}

/** What endTransport uses of pino's transport (a thread-stream). */
type EndableTransport = NodeJS.EventEmitter & { end(): void; writableFinished: boolean; closed: boolean };

/**
 * Ends a transport: 'finished' once its destination closed (everything handed to the sink),
 * 'closed' when its worker ended without that (destroyed: 'error' says why), 'timeout' when
 * neither happened within `timeoutMs`.
 *
 * Decided by 'finish', not by 'close'. thread-stream's end() is synchronous: it blocks this
 * thread (Atomics.wait) until the worker's destination has closed, and then emits 'finish' on
 * process.nextTick. 'close' comes later, when the worker thread exits, through the event loop.
 * All targets of a run ship from one thread, so another target's end() (an OTLP export waiting
 * on a slow or vanished receiver: up to timeoutMs) blocked the loop while this transport had
 * finished; its timer, due meanwhile, ran before its 'close' and a delivered chunk counted as
 * failed and was sent again (records 17 and 18 twice at the file target, residentShip.test.ts).
 * A nextTick runs before any timer, so a finished transport is never taken for a timed-out one.
 */
async function endTransport(
  transport: EndableTransport,
  timeoutMs: number,
): Promise<'finished' | 'closed' | 'timeout'> {
  const outcome = await new Promise<'finished' | 'closed' | 'timeout'>((resolve) => {
    const timer = setTimeout(() => resolve(transport.writableFinished ? 'finished' : 'timeout'), timeoutMs);
    const settle = (how: 'finished' | 'closed') => () => {
      clearTimeout(timer);
      resolve(how);
    };
    transport.once('finish', settle('finished'));
    // Closed without finishing: destroyed by an error ('error' says which), or the worker died.
    transport.once('close', settle('closed'));
    transport.end();
  });
  if (outcome !== 'finished') return outcome;
  // Delivered; the worker thread exits next ('close'). Waited for, bounded, so its ack notes are
  // complete and the thread is gone before the ack directory goes; a stuck exit is not a failure.
  if (!transport.closed)
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, timeoutMs);
      transport.once('close', () => {
        clearTimeout(timer);
        resolve();
      });
    });
  return 'finished';
}

/** What shipAck.cjs wrote: undefined only for a closed transport with no failed push (and, for Loki, a push). */
function ackError(ackFile: string, kind: 'loki' | 'otlp'): string | undefined {
  let notes: { push?: boolean; error?: string; done?: boolean }[];
  try {
    notes = readFileSync(ackFile, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as { push?: boolean; error?: string; done?: boolean });
  } catch {
    return 'the transport reported nothing (it did not start)';
  }
  const failed = notes.find((n) => n.error !== undefined);
  if (failed) return failed.error;
  if (!notes.some((n) => n.done)) return 'the transport did not close';
  if (kind === 'loki' && !notes.some((n) => n.push)) return 'the sink answered no push';
  return undefined;
}

/**
 * The ack wrapper: beside the bundle (dist/shipAck.cjs), beside this file (tests run the source),
 * or in the source tree under the working directory (scripts/benchShip.mjs bundles to ESM, which
 * has no __dirname). Missing, the run fails (the cursor stays) rather than ship unacknowledged.
 */
function shipAckPath(): string {
  const candidates = [
    ...(typeof __dirname === 'string' ? [join(__dirname, 'shipAck.cjs')] : []),
    join(process.cwd(), 'src', 'infrastructure', 'audit', 'ship', 'shipAck.cjs'),
  ];
  const found = candidates.find((c) => existsSync(c));
  if (!found) throw new Error(`shipAck.cjs not found (looked in ${candidates.join(', ')})`);
  return found;
}

function pinoTarget(t: ShipTarget, records: number, timeoutMs: number, ackFile: string): Record<string, unknown> {
  if (t.type === 'file') return { target: 'pino/file', options: { destination: t.path, mkdir: true } };
  if (t.type === 'otlp') return acked('otlp', otlpTarget(t, records, timeoutMs), ackFile);
  // One batch, pushed by pino-loki's close, which awaits it: unbatched, each record was pushed
  // unawaited and the close returned at once (the cursor moved past records still in flight,
  // in no set order). No size cap (its default drops the oldest past 10,000) and no interval
  // push during a run (interval pushes are not awaited either).
  if (t.type === 'loki') {
    return acked(
      'loki',
      {
        target: 'pino-loki',
        options: {
          host: t.url,
          batching: { interval: LOKI_NO_INTERVAL_S, maxBufferSize: 0 },
          timeout: timeoutMs,
          labels: { app: 'shimctl', ...t.labels },
          // shipAck.cjs reports the failure; pino-loki's own message would only go to stderr.
          silenceErrors: true,
        },
      },
      ackFile,
    );
  }
  return {
    pipeline: [
      { target: 'pino-syslog', options: { modern: true, appname: 'shimctl', enablePipelining: true, newline: true } },
      { target: 'pino-socket', options: { mode: 'tcp', address: t.host, port: t.port } },
    ],
  };
}

/** `inner` run by shipAck.cjs, which writes the sink's answers to `ackFile`. */
function acked(kind: 'loki' | 'otlp', inner: Record<string, unknown>, ackFile: string): Record<string, unknown> {
  return {
    target: shipAckPath(),
    options: { kind, inner: inner.target, innerOptions: inner.options, ackFile },
  };
}

/**
 * pino-opentelemetry-transport with one batch processor. Its queue holds the whole chunk: the
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
        // One export of the whole chunk, at the close: with several batches the SDK sends them at
        // once, and a failed one followed by an accepted one put records out of order when
        // the chunk went again.
        processorConfig: {
          maxQueueSize: Math.max(2048, records),
          maxExportBatchSize: Math.max(2048, records),
          scheduledDelayMillis: LOKI_NO_INTERVAL_S * 1000,
          exportTimeoutMillis: timeoutMs,
        },
      },
    },
  };
}

/** A day: longer than any run (bounded by timeoutMs ≤ 600 s), so only the close pushes (Loki and OTLP). */
const LOKI_NO_INTERVAL_S = 86_400;

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

function isSymlink(path: string): boolean {
  try {
    return lstatSync(path).isSymbolicLink();
  } catch {
    return false; // absent: pino/file creates it
  }
}
