import { dirname, join } from 'node:path';
import { errorMessage } from '../../../application/shimctlError.js';
import type { Check } from '../../install/doctorChecks.js';
import { readShipConfig, shipConfigPath } from './shipConfig.js';
import { lagAfter, readCursor } from './shipCursor.js';
import { describeTarget, readShipState, targetFiles } from './shipState.js';

/** Where `audit ship` keeps its cursors: beside the audit log. */
export const shipCursorBase = (auditLog: string): string => join(dirname(auditLog), 'ship.cursor');

/** One target as `status` and `doctor` show it. */
export interface ShipTargetReport {
  target: string;
  /** Complete records (and their bytes) in the local log that this target has not accepted yet. */
  lagRecords: number;
  lagBytes: number;
  lastOkAt: string | null;
  lastError: string | null;
  lastErrorAt: string | null;
  /** Failed runs since the last success: 0 means the last run delivered (or had nothing to send). */
  failures: number;
}

export type ShipReport =
  | { configured: false; config: string }
  | { configured: true; config: string; targets: ShipTargetReport[] }
  | { configured: true; config: string; error: string };

/** Reads only: the user's ship.json, each target's cursor and state file, and the log after the cursor. */
export function shipReport(env: Record<string, string | undefined>, auditLog: string): ShipReport {
  const config = shipConfigPath(env);
  try {
    const c = readShipConfig(config);
    if (!c || c.targets.length === 0) return { configured: false, config };
    const base = shipCursorBase(auditLog);
    const targets = c.targets.map((t) => {
      const files = targetFiles(base, t);
      const lag = lagAfter(auditLog, readCursor(files.cursor) ?? readCursor(base));
      const state = readShipState(files.state);
      return {
        target: describeTarget(t),
        lagRecords: lag.records,
        lagBytes: lag.bytes,
        lastOkAt: state?.lastOkAt ?? null,
        lastError: state?.lastError ?? null,
        lastErrorAt: state?.lastErrorAt ?? null,
        failures: state?.failures ?? 0,
      };
    });
    return { configured: true, config, targets };
  } catch (err) {
    return { configured: true, config, error: errorMessage(err) };
  }
}

/** `status`'s lines for shipping. */
export function shipStatusLines(r: ShipReport): string[] {
  if (!r.configured) return ['ship:         no targets (audit stays local)'];
  if ('error' in r) return [`ship:         ${r.config}: ${r.error}`];
  return [
    'ship:',
    ...r.targets.flatMap((t) => [
      `  ${t.target}`,
      `    ${lagText(t)}`,
      ...(t.failures > 0 ? [`    ${errorText(t)}`] : []),
    ]),
  ];
}

/** `doctor`'s checks: a target failing since its last success is a note (records wait in the local log, none are lost). */
export function shipChecks(r: ShipReport): Check[] {
  if (!r.configured) return [];
  if ('error' in r) return [{ ok: false, title: `the shipping config ${r.config} loads`, detail: r.error }];
  return r.targets.map((t) =>
    t.failures > 0
      ? {
          ok: 'warn',
          title: `shipping to ${t.target} is failing (the records wait in the local log)`,
          detail: `${lagText(t)}; ${errorText(t)}`,
        }
      : { ok: true, title: `shipping to ${t.target}`, detail: lagText(t) },
  );
}

/** One target's backlog and last success, and its last failure: the same words in `status` and `doctor`. */
const lagText = (t: ShipTargetReport): string =>
  `behind ${t.lagRecords} records (${t.lagBytes} bytes); last push ${t.lastOkAt ?? 'never'}`;
const errorText = (t: ShipTargetReport): string =>
  `last error (${t.failures} failed runs): ${t.lastError} at ${t.lastErrorAt}`;
