import { createApp } from '../../../compositionRoot.js';
import { readShipConfig, shipConfigPath } from '../../../infrastructure/audit/ship/shipConfig.js';
import { shipCursorBase } from '../../../infrastructure/audit/ship/shipReport.js';
import type { CliContext } from '../cliContext.js';
import { EXIT } from '../exitCodes.js';
import { UsageError } from '../runCommand.js';
import { errorMessage } from '../../../application/shimctlError.js';

/**
 * `shimctl audit ship --once`: sends the records written since the last run to the targets in
 * the user's ship.json (for cron and CI). Exit 0 when delivered or nothing new, 1 when a target
 * was down or too slow (nothing is lost: the next run sends the same records), 2 on usage.
 * A target another shipper is sending to (the resident process) is skipped, not a failure.
 */
export const AUDIT_SHIP_OPTIONS = { once: { type: 'boolean' }, json: { type: 'boolean' } } as const;

export async function auditShip(values: { once?: boolean; json?: boolean }, ctx: CliContext): Promise<number> {
  const json = values.json === true;
  if (!values.once) throw new UsageError('only --once is supported (run it from cron, CI or a timer)');
  const configPath = shipConfigPath(ctx.env);
  let config;
  try {
    config = readShipConfig(configPath);
  } catch (err) {
    ctx.stderr.write(`shimctl audit ship: ${errorMessage(err)}\n`);
    return EXIT.USAGE;
  }
  if (!config || config.targets.length === 0) {
    ctx.stderr.write(
      `shimctl audit ship: no targets: write ${configPath} (see docs/execution-and-audit.md, "Shipping")\n`,
    );
    return EXIT.FAILED;
  }
  const auditLog = createApp(ctx.env).paths.auditLog;
  const { shipOnce } = await import('../../../infrastructure/audit/ship/shipOnce.js');
  const result = await shipOnce(auditLog, shipCursorBase(auditLog), config);
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

/** Targets skipped because another shipper holds them: not a failure (that one is sending their records). */
function busyText(targets: { target: string; busy?: number }[]): string {
  const busy = targets.filter((t) => t.busy !== undefined);
  if (busy.length === 0) return '';
  return `; skipped ${busy.map((t) => `${t.target} (pid ${t.busy || '?'} is shipping to it)`).join(', ')}`;
}
