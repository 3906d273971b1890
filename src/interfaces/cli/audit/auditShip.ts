import { chmodSync, renameSync } from 'node:fs';
import { createApp } from '../../../compositionRoot.js';
import { readShipJson, shipConfigPath } from '../../../infrastructure/audit/ship/shipConfig.js';
import { shipCursorBase } from '../../../infrastructure/audit/ship/shipReport.js';
import { loadShipSettings } from '../../../infrastructure/audit/ship/shipSettings.js';
import { loadTrustedConfig } from '../../../infrastructure/config/createConfigSource.js';
import { editUserConfig } from '../../../infrastructure/config/editUserConfig.js';
import { statePaths } from '../../../infrastructure/paths/statePaths.js';
import type { CliContext } from '../cliContext.js';
import { EXIT } from '../exitCodes.js';
import { UsageError } from '../runCommand.js';
import { errorMessage } from '../../../application/shimctlError.js';

/**
 * `shimctl audit ship --once`: sends the records written since the last run to the targets in
 * `audit.ship` of the user's or managed config (for cron and CI). Exit 0 when delivered or
 * nothing new, 1 when a target was down or too slow (nothing is lost: the next run sends the same
 * records), 2 on usage or a config that does not load. A target another shipper is sending to
 * (the resident process) is skipped, not a failure. `--migrate` moves the legacy ship.json into
 * `audit.ship` of config.json.
 */
export const AUDIT_SHIP_OPTIONS = {
  once: { type: 'boolean' },
  json: { type: 'boolean' },
  migrate: { type: 'boolean' },
} as const;

export async function auditShip(
  values: { once?: boolean; json?: boolean; migrate?: boolean },
  ctx: CliContext,
): Promise<number> {
  const json = values.json === true;
  if (values.migrate) {
    if (values.once) throw new UsageError('--migrate and --once are separate runs');
    return migrate(ctx);
  }
  if (!values.once) throw new UsageError('only --once (or --migrate) is supported (run it from cron, CI or a timer)');
  const paths = statePaths(ctx.env);
  const settings = loadShipSettings(paths, shipConfigPath(statePaths(ctx.env)));
  if (settings.kind === 'invalid') {
    ctx.stderr.write(`shimctl audit ship: ${settings.source}: ${settings.message}\n`);
    return EXIT.USAGE;
  }
  if (settings.kind === 'none' || settings.config.targets.length === 0) {
    ctx.stderr.write(
      `shimctl audit ship: no targets: add audit.ship to ${paths.configDir}/config.json (see docs/execution-and-audit.md, "Shipping")\n`,
    );
    return EXIT.FAILED;
  }
  if (settings.note) ctx.stderr.write(`shimctl audit ship: note: ${settings.note}\n`);
  const auditLog = createApp(ctx.env).paths.auditLog;
  const { shipOnce } = await import('../../../infrastructure/audit/ship/shipOnce.js');
  const result = await shipOnce(auditLog, shipCursorBase(auditLog), settings.config);
  if (json) ctx.stdout.write(`${JSON.stringify(result)}\n`);
  else if (!result.error) ctx.stdout.write(`shipped ${result.sent} records${busyText(result.targets)}\n`);
  else if (result.advanced)
    ctx.stdout.write(
      `shipped ${result.sent} records, then stopped (${result.error}); the rest stays in the local log and the next run sends it\n`,
    );
  else
    ctx.stdout.write(`not shipped (${result.error}); the records stay in the local log and the next run sends them\n`);
  return result.error ? EXIT.FAILED : EXIT.OK;
}

/**
 * ship.json into `audit.ship` of the user's config.json (validated, atomic: editUserConfig), then
 * ship.json renamed to ship.json.migrated. Refused when the config already has `audit.ship`
 * (which wins: ship.json is ignored, remove it) or is YAML. The cursors carry over: a target's
 * cursor is named by what the target is, not by the file it came from.
 */
function migrate(ctx: CliContext): number {
  const legacy = shipConfigPath(statePaths(ctx.env));
  let raw: unknown;
  try {
    raw = readShipJson(legacy);
  } catch (err) {
    ctx.stderr.write(`shimctl audit ship --migrate: ${legacy}: ${errorMessage(err)}\n`);
    return EXIT.FAILED;
  }
  if (raw === undefined) {
    ctx.stderr.write(`shimctl audit ship --migrate: no ${legacy}: nothing to move\n`);
    return EXIT.FAILED;
  }
  const paths = statePaths(ctx.env);
  // The managed file's audit.ship replaces the user's: targets moved there would never ship.
  const managed = managedShipSource(paths);
  if (managed !== undefined) {
    ctx.stderr.write(
      `shimctl audit ship --migrate: the managed config ${managed} sets audit.ship, which replaces the user's targets: moving ${legacy} would ship nothing (it is ignored too); ask whoever manages that file\n`,
    );
    return EXIT.FAILED;
  }
  const edit = editUserConfig(paths, (content) => {
    const audit = (content.audit ?? {}) as Record<string, unknown>;
    if (audit.ship !== undefined) return `it already has audit.ship (it wins; ${legacy} is ignored: remove it)`;
    return { ...content, audit: { ...audit, ship: raw } };
  });
  if (!edit.ok) {
    ctx.stderr.write(`shimctl audit ship --migrate: ${edit.file}: ${edit.message}\n`);
    return EXIT.FAILED;
  }
  // It holds the sinks' credentials: owner-only, whatever mode the old file had (attack pass 12),
  // before it takes its new name. The targets are in the config already: a failure here loses
  // nothing (audit.ship wins over ship.json), but the file is left for the user to remove.
  try {
    chmodSync(legacy, 0o600);
    renameSync(legacy, `${legacy}.migrated`);
  } catch (err) {
    ctx.stderr.write(
      `shimctl audit ship --migrate: moved the targets to audit.ship in ${edit.file}, but ${legacy} could not be made owner-only and renamed (${errorMessage(err)}): it is ignored now; remove it\n`,
    );
    return EXIT.FAILED;
  }
  ctx.stdout.write(
    `moved the targets of ${legacy} to audit.ship in ${edit.file} (the old file is ${legacy}.migrated)\n`,
  );
  return EXIT.OK;
}

/** The managed file that sets audit.ship, if one does (its list replaces the user's). */
function managedShipSource(paths: ReturnType<typeof statePaths>): string | undefined {
  if (!paths.managedConfig) return undefined;
  try {
    const outcome = loadTrustedConfig(paths);
    const source = outcome.kind === 'ok' ? outcome.config.audit.shipSource : undefined;
    return source === paths.managedConfig ? source : undefined;
  } catch {
    return undefined; // editUserConfig reports a config that does not load
  }
}

/** Targets skipped because another shipper holds them: not a failure (that one is sending their records). */
function busyText(targets: { target: string; busy?: number }[]): string {
  const busy = targets.filter((t) => t.busy !== undefined);
  if (busy.length === 0) return '';
  return `; skipped ${busy.map((t) => `${t.target} (pid ${t.busy || '?'} is shipping to it)`).join(', ')}`;
}
