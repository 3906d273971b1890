import { type FSWatcher, watch } from 'node:fs';
import { basename, dirname } from 'node:path';
import { errorMessage } from '../../../application/shimctlError.js';
import type { ShipConfig, ShipTarget } from './shipConfig.js';
import type { ShipSettings } from './shipSettings.js';
import { type ShipResult, shipOnce } from './shipOnce.js';
import { describeTarget, noteFailure, targetFiles } from './shipState.js';

/**
 * The resident process's shipper (issue 14): ships new audit records in the background with
 * shipOnce, the same code path as `audit ship --once`, one target at a time each. It runs in a
 * worker thread of its own (shipWorker.ts), never on a review's path: a sink that is down or slow
 * delays nothing but its own records, and its errors go to the target's state file (status and
 * doctor show them).
 *
 * When: DEBOUNCE_MS after the audit directory changes (a record appended, a rotation), once at
 * start (what was written while no daemon ran), and every POLL_MS (a missed change; the config
 * is read afresh on every look, so an edited `audit.ship` takes effect there at the latest). A
 * target whose run failed is tried again after a backoff (1 s doubling to 60 s), not on each
 * record; a target another shipper holds (`audit ship --once`) is looked at again after BUSY_MS.
 */
export const DEBOUNCE_MS = 1_000;
const POLL_MS = 10_000;
const BUSY_MS = 1_000;
const BACKOFF_FIRST_MS = 1_000;
const BACKOFF_MAX_MS = 60_000;

export interface ResidentShipperOptions {
  auditLog: string;
  cursorBase: string;
  /** The targets as configured now (loadShipSettings): called on every look. */
  settings: () => ShipSettings;
  /** Shorter timings for tests. */
  debounceMs?: number;
  pollMs?: number;
}

export interface ResidentShipper {
  /** Stops looking: no new run starts. Resolves when the runs in flight ended. */
  stop(): Promise<void>;
}

interface Slot {
  target: ShipTarget;
  timer?: NodeJS.Timeout;
  running?: Promise<void>;
  /** A change came while it ran: look again after it. */
  again: boolean;
  failures: number;
}

export function startResidentShipper(opts: ResidentShipperOptions): ResidentShipper {
  const debounceMs = opts.debounceMs ?? DEBOUNCE_MS;
  const slots = new Map<string, Slot>();
  let stopped = false;
  let config: ShipConfig | undefined;
  let watcher: FSWatcher | undefined;
  let pending: NodeJS.Timeout | undefined;

  const schedule = (slot: Slot, ms: number): void => {
    if (stopped || slot.timer) return;
    if (slot.running) {
      slot.again = true;
      return;
    }
    slot.timer = setTimeout(() => {
      slot.timer = undefined;
      const next = run(slot);
      slot.running = next.then(() => undefined);
      // Scheduled once this run no longer counts as running.
      void next.then((delay) => {
        slot.running = undefined;
        if (delay !== undefined) schedule(slot, delay);
      });
    }, ms);
  };

  /**
   * A slot per target as its cursor knows it (the unmasked URL: describeTarget masks a password,
   * so two URLs differing only there, or a rotated password, would share one slot).
   */
  const slotKey = (t: ShipTarget): string => targetFiles(opts.cursorBase, t).cursor;

  /** One run for one target; resolves to when to look again (undefined: at the next change). Never rejects. */
  const run = async (slot: Slot): Promise<number | undefined> => {
    const key = slotKey(slot.target);
    // The config as it is now: one that stopped loading since this run was scheduled sends nothing.
    const now = config;
    if (!now) return undefined;
    let result: ShipResult;
    try {
      result = await shipOnce(opts.auditLog, opts.cursorBase, { ...now, targets: [slot.target] });
    } catch (err) {
      // shipOnce notes what a sink said; anything else (an unreadable log) is noted here.
      try {
        noteFailure(targetFiles(opts.cursorBase, slot.target).state, describeTarget(slot.target), errorMessage(err));
      } catch {
        // the state directory is not writable: status shows the lag all the same
      }
      result = { sent: 0, unreachable: [], busy: [], advanced: false, error: errorMessage(err), targets: [] };
    }
    if (stopped || slots.get(key) !== slot) return undefined;
    if (result.busy.length > 0) return BUSY_MS;
    if (result.error !== undefined) {
      slot.failures++;
      slot.again = false;
      return Math.min(BACKOFF_FIRST_MS * 2 ** (slot.failures - 1), BACKOFF_MAX_MS);
    }
    slot.failures = 0;
    if (!slot.again) return undefined;
    slot.again = false;
    return 0;
  };

  /** Something may be new: reread the config, then each target not in backoff looks soon. */
  const look = (): void => {
    if (stopped) return;
    try {
      const s = opts.settings();
      config = s.kind === 'ok' ? s.config : undefined;
    } catch {
      config = undefined;
    }
    // A config that does not load: doctor and status say why; the targets wait for one that does.
    const wanted = new Map((config?.targets ?? []).map((t) => [slotKey(t), t]));
    for (const [key, slot] of slots) {
      // A target taken out of the config: no new run (one in flight finishes).
      if (!wanted.has(key)) {
        clearTimeout(slot.timer);
        slots.delete(key);
      }
    }
    for (const [key, target] of wanted) {
      let slot = slots.get(key);
      if (!slot) {
        slot = { target, again: false, failures: 0 };
        slots.set(key, slot);
      } else slot.target = target; // the same sink, its headers or labels perhaps edited
      if (slot.failures === 0) schedule(slot, 0);
    }
    watchAuditDir();
  };

  const logName = basename(opts.auditLog);
  // The directory, not the file: rotation renames the file, and the directory may not exist yet.
  const watchAuditDir = (): void => {
    if (watcher || stopped) return;
    try {
      watcher = watch(dirname(opts.auditLog), { persistent: false }, (_event, name) => {
        // Only the log and its rotated files: the cursors and states written here are not news.
        // Appends come in bursts: one look DEBOUNCE_MS after the first change of a burst.
        if ((name === null || String(name).startsWith(logName)) && !pending && !stopped)
          pending = setTimeout(() => {
            pending = undefined;
            look();
          }, debounceMs);
      });
      watcher.on('error', () => {
        watcher?.close();
        watcher = undefined;
      });
    } catch {
      watcher = undefined; // not there yet: the next poll tries again
    }
  };

  const poll = setInterval(look, opts.pollMs ?? POLL_MS);
  look();
  return {
    async stop() {
      stopped = true;
      clearInterval(poll);
      clearTimeout(pending);
      watcher?.close();
      for (const slot of slots.values()) clearTimeout(slot.timer);
      await Promise.all([...slots.values()].map((s) => s.running));
    },
  };
}
