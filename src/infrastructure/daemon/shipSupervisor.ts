// Background shipping for the resident process (issue 14): when the user's or the managed config
// has `audit.ship` targets (or the legacy ship.json), a worker thread (dist/shipWorker.cjs) ships
// new audit records with the same code as `audit ship --once`. Nothing here is on a review's
// path: the main thread only stats the config files every CHECK_MS, re-reads them when they
// changed, and starts or stops that thread; the reviews run in their own workers.
import { existsSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { Worker } from 'node:worker_threads';
import { shipConfigPath } from '../audit/ship/shipConfig.js';
import { shipCursorBase } from '../audit/ship/shipReport.js';
import { clearResidentShipper, markResidentShipper } from '../audit/ship/shipResident.js';
import { loadShipSettings, shipSettingsSignature } from '../audit/ship/shipSettings.js';
import { describeTarget, noteFailure, targetFiles } from '../audit/ship/shipState.js';
import { statePaths } from '../paths/statePaths.js';
import { errorMessage } from '../../application/shimctlError.js';

const CHECK_MS = 5_000;
/** On stop, a push in flight gets this long to finish; then it is abandoned (its cursor did not move). */
const STOP_GRACE_MS = 2_000;

export interface ShipSupervisor {
  stop(): Promise<void>;
}

export interface ShipSupervisorOptions {
  auditLog: string;
  /** The daemon's environment: where the user's config, the managed file and ship.json are. */
  env: Record<string, string | undefined>;
  /** dist/shipWorker.cjs */
  script: string;
  checkMs?: number;
}

export function startShipSupervisor(opts: ShipSupervisorOptions): ShipSupervisor {
  const paths = statePaths(opts.env);
  const legacy = shipConfigPath(paths);
  const cursorBase = shipCursorBase(opts.auditLog);
  let worker: { w: Worker; gone: Promise<void> } | undefined;
  let stopping = false;
  let seen: string | undefined;
  let wanted = false;
  /** Checks in a row that found no targets: the thread stops at the second (an editor's truncate-then-write reads as none once). */
  let noneSeen = 0;

  const check = (): void => {
    if (stopping) return;
    // Parsed only when a file changed: a large config (approve-always rules) costs nothing between edits.
    const signature = shipSettingsSignature(paths, legacy);
    if (signature !== seen || noneSeen === 1) {
      seen = signature;
      const s = loadShipSettings(paths, legacy);
      // A config that does not load keeps the thread (it waits, doctor says why): no targets are known to drop.
      const none = s.kind === 'none' || (s.kind === 'ok' && s.config.targets.length === 0);
      noneSeen = none ? noneSeen + 1 : 0;
      if (s.kind === 'ok' && !none) wanted = true;
      else if (none && (noneSeen >= 2 || !worker)) wanted = false;
    }
    if (wanted && !worker) start();
    else if (!wanted && worker) void end(worker);
  };

  const start = (): void => {
    if (!existsSync(opts.script)) return noteAll(`the resident shipper ${opts.script} is missing`);
    const w = new Worker(opts.script, {
      workerData: { auditLog: opts.auditLog, env: opts.env },
      stdout: true,
      stderr: true,
    });
    const current = { w, gone: new Promise<void>((r) => w.once('exit', () => r())) };
    worker = current;
    try {
      mkdirSync(dirname(cursorBase), { recursive: true, mode: 0o700 });
      markResidentShipper(cursorBase, process.pid);
    } catch {
      // status then says no resident process ships: wrong only in what it tells, nothing is lost
    }
    // An uncaught error in the thread ends it: say so in each target's state (status and doctor
    // show it) and start a new one at the next check.
    w.on('error', (err) => noteAll(`the resident shipper failed: ${errorMessage(err)}`));
    w.on('exit', () => {
      if (worker === current) {
        worker = undefined;
        clearResidentShipper(cursorBase, process.pid);
      }
    });
    // Its output is nobody's: the daemon's stdio is not a terminal.
    w.stdout.resume();
    w.stderr.resume();
  };

  const noteAll = (error: string): void => {
    const s = loadShipSettings(paths, legacy);
    if (s.kind !== 'ok') return; // a config that does not load: doctor reports it
    try {
      for (const t of s.config.targets) noteFailure(targetFiles(cursorBase, t).state, describeTarget(t), error);
    } catch {
      // the state directory is not writable: status shows the lag all the same
    }
  };

  const end = async (which: { w: Worker; gone: Promise<void> }): Promise<void> => {
    if (worker === which) worker = undefined;
    clearResidentShipper(cursorBase, process.pid);
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
