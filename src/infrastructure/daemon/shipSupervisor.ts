// Background shipping for the resident process (issue 14): when the user has a ship.json, a
// worker thread (dist/shipWorker.cjs) ships new audit records with the same code as
// `audit ship --once`. Nothing here is on a review's path: the main thread only stats ship.json
// every CHECK_MS and starts or stops that thread; the reviews run in their own workers.
import { existsSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { readShipConfig, shipConfigPath } from '../audit/ship/shipConfig.js';
import { describeTarget, noteFailure, targetFiles } from '../audit/ship/shipState.js';
import { errorMessage } from '../../application/shimctlError.js';

const CHECK_MS = 5_000;
/** On stop, a push in flight gets this long to finish; then it is abandoned (its cursor did not move). */
const STOP_GRACE_MS = 2_000;

export interface ShipSupervisor {
  stop(): Promise<void>;
}

export interface ShipSupervisorOptions {
  auditLog: string;
  /** The daemon's environment: where ship.json is (shipConfigPath). */
  env: Record<string, string | undefined>;
  /** dist/shipWorker.cjs */
  script: string;
  checkMs?: number;
}

export function startShipSupervisor(options: ShipSupervisorOptions): ShipSupervisor {
  const opts = { ...options, configPath: shipConfigPath(options.env) };
  let worker: { w: Worker; gone: Promise<void> } | undefined;
  let stopping = false;

  const check = (): void => {
    if (stopping) return;
    const wanted = statSync(opts.configPath, { throwIfNoEntry: false }) !== undefined;
    if (wanted && !worker) start();
    else if (!wanted && worker) void end(worker);
  };

  const start = (): void => {
    if (!existsSync(opts.script)) return noteAll(`the resident shipper ${opts.script} is missing`);
    const w = new Worker(opts.script, {
      workerData: { auditLog: opts.auditLog, configPath: opts.configPath },
      stdout: true,
      stderr: true,
    });
    const current = { w, gone: new Promise<void>((r) => w.once('exit', () => r())) };
    worker = current;
    // An uncaught error in the thread ends it: say so in each target's state (status and doctor
    // show it) and start a new one at the next check.
    w.on('error', (err) => noteAll(`the resident shipper failed: ${errorMessage(err)}`));
    w.on('exit', () => {
      if (worker === current) worker = undefined;
    });
    // Its output is nobody's: the daemon's stdio is not a terminal.
    w.stdout.resume();
    w.stderr.resume();
  };

  const noteAll = (error: string): void => {
    try {
      const config = readShipConfig(opts.configPath);
      const base = join(dirname(opts.auditLog), 'ship.cursor');
      for (const t of config?.targets ?? []) noteFailure(targetFiles(base, t).state, describeTarget(t), error);
    } catch {
      // a ship.json that does not load: doctor reports it
    }
  };

  const end = async (which: { w: Worker; gone: Promise<void> }): Promise<void> => {
    if (worker === which) worker = undefined;
    which.w.postMessage({ type: 'stop' });
    const timer = setTimeout(() => void which.w.terminate(), STOP_GRACE_MS);
    await which.gone;
    clearTimeout(timer);
  };

  const timer = setInterval(check, opts.checkMs ?? CHECK_MS);
  timer.unref();
  check();
  return {
    async stop() {
      stopping = true;
      clearInterval(timer);
      if (worker) await end(worker);
    },
  };
}
