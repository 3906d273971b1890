// Each request of the resident process is reviewed in a worker thread of its own, with a time
// budget. The review is synchronous JavaScript (parsing, policy, redacting the audit record): on
// the one main thread a slow request held up every other session, which then fell back to the
// per-command core (a super-linear redaction pattern took 31 s on 39 KB). A worker's JavaScript can
// be stopped from outside (Worker.terminate), the main thread's cannot, so: the main thread keeps
// the sockets, each request runs in a worker, and a request still busy past its budget is blocked
// (`review.timeout`) while the others go on in theirs. Measured cost: docs/hotpath.md.
import { Worker } from 'node:worker_threads';
import type { MessagePort } from 'node:worker_threads';
import type { ExecResult, ExecSpec } from '../../application/ports/executor.js';
import type { ClientChannel, DaemonRequest } from './daemonServer.js';

/** Budget for the work between the request and its exec spec or verdict, and between the command's end and the final status. Waits for a human are not counted. */
export const REVIEW_BUDGET_MS = 2000;
/** Idle workers kept for the next requests (one is started ahead of the first). */
const IDLE_WORKERS = 2;
const WARM_AT_START = 1;
/** A worker still finishing a record after its client was released is stopped after this. */
const FINISH_CAP_MS = 60_000;
/** A worker that has not said it is ready by then is given up (the request is blocked). */
const WORKER_START_MS = 10_000;

type ToWorker = { type: 'request'; req: DaemonRequest } | { type: 'result'; result: ExecResult };
type FromWorker =
  | { type: 'ready' }
  | { type: 'stderr'; text: string }
  | { type: 'exec'; spec: ExecSpec }
  | { type: 'human'; waiting: boolean }
  | { type: 'done'; code: number };

export interface ReviewPool {
  /** Settles once the first warm worker is up (or failed to start). */
  ready: Promise<void>;
  handle(req: DaemonRequest, channel: ClientChannel): Promise<number>;
  close(): void;
}

export interface ReviewPoolOptions {
  /** The script each worker runs (the daemon's shim entry, so it loads through the code cache) and the argv that selects the worker role. */
  script: string;
  argv: string[];
  budgetMs?: number;
  /** Best effort: leaves a record for a request blocked by its budget (its own review never finished). */
  recordTimeout?(req: DaemonRequest, budgetMs: number): Promise<void>;
}

export function timeoutMessage(budgetMs: number): string {
  return `shimctl: blocked (review.timeout): the review did not finish within ${budgetMs} ms; the command did not run\n`;
}

export function createReviewPool(opts: ReviewPoolOptions): ReviewPool {
  const budgetMs = opts.budgetMs ?? REVIEW_BUDGET_MS;
  const idle: Worker[] = [];
  const all = new Set<Worker>();
  let closed = false;

  const spawnWorker = (): Promise<Worker> =>
    new Promise((resolve, reject) => {
      const w = new Worker(opts.script, { argv: opts.argv, env: {}, stdout: false, stderr: false });
      all.add(w);
      w.once('exit', () => {
        all.delete(w);
        const at = idle.indexOf(w);
        if (at >= 0) idle.splice(at, 1);
      });
      // A worker that fails, exits or hangs while starting fails the request (126), never stalls it.
      const fail = (why: string) => () => {
        clearTimeout(startTimer);
        void w.terminate();
        reject(new Error(why));
      };
      const startTimer = setTimeout(fail('the review worker did not start in time'), WORKER_START_MS);
      const onError = fail('the review worker failed to start');
      const onExit = fail('the review worker exited while starting');
      w.once('error', onError);
      w.once('exit', onExit);
      w.once('message', (m: FromWorker) => {
        clearTimeout(startTimer);
        w.off('error', onError);
        w.off('exit', onExit);
        if (m.type === 'ready') resolve(w);
        else fail('the review worker did not start')();
      });
    });
  const release = (w: Worker): void => {
    if (!closed && idle.length < IDLE_WORKERS) idle.push(w);
    else void w.terminate();
  };
  // Warm ones ahead of the first request.
  const warming: Array<Promise<void>> = [];
  for (let i = 0; i < WARM_AT_START; i++) warming.push(spawnWorker().then(release, () => undefined));

  async function handle(req: DaemonRequest, channel: ClientChannel): Promise<number> {
    const worker = idle.pop() ?? (await spawnWorker());
    return new Promise<number>((resolve) => {
      let timer: NodeJS.Timeout | undefined;
      let settled = false;
      let ran: number | undefined; // the command's exit status, once it ran
      const settle = (code: number): void => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve(code);
      };
      const arm = (): void => {
        clearTimeout(timer);
        timer = setTimeout(onBudget, budgetMs);
      };
      const onBudget = (): void => {
        if (ran === undefined) {
          // Nothing ran: block, stop the worker (it is this request's alone), leave a record.
          channel.writeStderr(timeoutMessage(budgetMs));
          worker.removeAllListeners('message');
          void worker.terminate();
          void opts.recordTimeout?.(req, budgetMs).catch(() => undefined);
          settle(126);
        } else {
          // The command ran: the agent gets its status now; the record is finished in the background.
          channel.writeStderr(
            `shimctl: warning: the audit record of this command took longer than ${budgetMs} ms; it is finished in the background\n`,
          );
          const cap = setTimeout(() => void worker.terminate(), FINISH_CAP_MS);
          cap.unref();
          worker.once('exit', () => clearTimeout(cap));
          settle(ran);
        }
      };
      worker.on('message', (m: FromWorker) => {
        if (m.type === 'stderr') {
          if (!settled) channel.writeStderr(m.text);
        } else if (m.type === 'human') {
          if (m.waiting) clearTimeout(timer);
          else arm();
        } else if (m.type === 'exec') {
          clearTimeout(timer);
          channel.executor.run(m.spec).then((result) => {
            ran = result.exitCode;
            if (settled) return;
            arm();
            worker.postMessage({ type: 'result', result } satisfies ToWorker);
          });
        } else if (m.type === 'done') {
          worker.removeAllListeners('message');
          // This request's own listeners only: the pool's 'exit' listener (spawnWorker) stays. A
          // reused worker otherwise gathered one 'exit' listener per request, each holding its
          // request and channel, for the life of the daemon.
          worker.off('error', onError);
          worker.off('exit', onExit);
          if (settled) void worker.terminate();
          else {
            settle(m.code);
            release(worker);
          }
        }
      });
      function onError(): void {
        if (!settled) channel.writeStderr('shimctl: blocked (internal.error): the review worker failed\n');
        settle(ran ?? 126);
      }
      function onExit(): void {
        settle(ran ?? 126);
      }
      worker.once('error', onError);
      worker.once('exit', onExit);
      arm();
      worker.postMessage({ type: 'request', req } satisfies ToWorker);
    });
  }

  return {
    ready: Promise.all(warming).then(() => undefined),
    handle,
    close() {
      closed = true;
      for (const w of idle.splice(0)) void w.terminate();
    },
  };
}

/**
 * The worker side: serves one request at a time for the pool with `handle`, which gets a channel
 * whose stderr and executor go through the main thread, and `human(waiting)` to mark the time spent
 * waiting for a person (not counted in the budget).
 */
export function serveReviewWorker(
  port: MessagePort,
  handle: (req: DaemonRequest, channel: ClientChannel, human: (waiting: boolean) => void) => Promise<number>,
): void {
  const post = (m: FromWorker): void => port.postMessage(m);
  let pendingResult: ((r: ExecResult) => void) | undefined;
  port.on('message', (m: ToWorker) => {
    if (m.type === 'result') {
      const r = pendingResult;
      pendingResult = undefined;
      r?.(m.result);
      return;
    }
    const channel: ClientChannel = {
      writeStderr: (text) => post({ type: 'stderr', text }),
      executor: {
        run: (spec) =>
          new Promise<ExecResult>((resolve) => {
            pendingResult = resolve;
            post({ type: 'exec', spec });
          }),
      },
    };
    handle(m.req, channel, (waiting) => post({ type: 'human', waiting }))
      .catch(() => 126)
      .then((code) => post({ type: 'done', code }));
  });
  post({ type: 'ready' });
}
