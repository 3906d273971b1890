import { dirname, join } from 'node:path';
import { errorMessage } from '../../../application/shimctlError.js';
import type { Check } from '../../install/doctorChecks.js';
import { daemonFiles, readLockPid } from '../../daemon/daemonFiles.js';
import { statePaths } from '../../paths/statePaths.js';
import { shipConfigPath } from './shipConfig.js';
import { lagAfter, readCursor } from './shipCursor.js';
import { liveResidentShipper } from './shipResident.js';
import { loadShipSettings } from './shipSettings.js';
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

/**
 * `config`: the file the targets come from (or, with none, the user's config.json to add them to).
 * `residentPid`: the resident process shipping in the background, null when none does (then only
 * `audit ship --once` ships). `note`: the legacy ship.json in use, or ignored.
 */
export type ShipReport =
  | { configured: false; config: string; readProtected?: string[] }
  | {
      configured: true;
      config: string;
      residentPid: number | null;
      note?: string;
      /** The config files an agent may not read because they hold a sink's credentials (paths:audit-sink-credentials). */
      readProtected?: string[];
      targets: ShipTargetReport[];
    }
  | { configured: true; config: string; error: string };

/** Reads only: the user's and managed config (or ship.json), each target's cursor and state file, and the log after the cursor. */
export function shipReport(env: Record<string, string | undefined>, auditLog: string): ShipReport {
  const paths = statePaths(env);
  const settings = loadShipSettings(paths, shipConfigPath(paths));
  const readProtected =
    settings.kind !== 'invalid' && settings.readProtected ? { readProtected: settings.readProtected } : {};
  if (settings.kind === 'none')
    return { configured: false, config: join(paths.configDir, 'config.json'), ...readProtected };
  if (settings.kind === 'invalid') return { configured: true, config: settings.source, error: settings.message };
  const config = settings.source;
  if (settings.config.targets.length === 0) return { configured: false, config, ...readProtected };
  try {
    const base = shipCursorBase(auditLog);
    const targets = settings.config.targets.map((t) => {
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
    const residentPid = liveResidentShipper(base, readLockPid(daemonFiles(paths.runDir))) ?? null;
    return {
      configured: true,
      config,
      residentPid,
      ...(settings.note ? { note: settings.note } : {}),
      ...readProtected,
      targets,
    };
  } catch (err) {
    return { configured: true, config, error: errorMessage(err) };
  }
}

/** Who sends the records: the same words in `status` and `doctor`. */
const shipperText = (pid: number | null): string =>
  pid !== null
    ? `the resident process (pid ${pid}) ships in the background`
    : 'no resident process ships: run `shimctl audit ship --once` from cron';

/** Why an agent's `cat` of the config is refused: the same words in `status` and `doctor`. */
const readProtectedText = (file: string): string =>
  `${file} is read-protected: it holds the audit sinks' credentials (agents cannot read it)`;

/** `status`'s lines for shipping. */
export function shipStatusLines(r: ShipReport): string[] {
  const protectedLines = 'error' in r ? [] : (r.readProtected ?? []).map((f) => `  ${readProtectedText(f)}`);
  if (!r.configured) return ['ship:         no targets (audit stays local)', ...protectedLines];
  if ('error' in r) return [`ship:         ${r.config}: ${r.error}`];
  return [
    `ship:         targets from ${r.config}`,
    `  ${shipperText(r.residentPid)}`,
    ...(r.note ? [`  note: ${r.note}`] : []),
    ...protectedLines,
    ...r.targets.flatMap((t) => [
      `  ${t.target}`,
      `    ${lagText(t)}`,
      ...(t.failures > 0 ? [`    ${errorText(t)}`] : []),
    ]),
  ];
}

/** `doctor`'s checks: a target failing since its last success is a note (records wait in the local log, none are lost). */
export function shipChecks(r: ShipReport): Check[] {
  const protectedChecks =
    'error' in r ? [] : (r.readProtected ?? []).map((f): Check => ({ ok: true, title: readProtectedText(f) }));
  if (!r.configured) return protectedChecks;
  if ('error' in r) return [{ ok: false, title: `the shipping config ${r.config} loads`, detail: r.error }];
  return [
    ...protectedChecks,
    ...(r.note
      ? [{ ok: 'warn' as const, title: 'shipping targets: move ship.json to audit.ship', detail: r.note }]
      : []),
    { ok: r.residentPid !== null ? true : ('warn' as const), title: `who ships: ${shipperText(r.residentPid)}` },
    ...r.targets.map(
      (t): Check =>
        t.failures > 0
          ? {
              ok: 'warn',
              title: `shipping to ${t.target} is failing (the records wait in the local log)`,
              detail: `${lagText(t)}; ${errorText(t)}`,
            }
          : { ok: true, title: `shipping to ${t.target}`, detail: lagText(t) },
    ),
  ];
}

/** One target's backlog and last success, and its last failure: the same words in `status` and `doctor`. */
const lagText = (t: ShipTargetReport): string =>
  `behind ${t.lagRecords} records (${t.lagBytes} bytes); last push ${t.lastOkAt ?? 'never'}`;
const errorText = (t: ShipTargetReport): string =>
  `last error (${t.failures} failed runs): ${t.lastError} at ${t.lastErrorAt}`;
