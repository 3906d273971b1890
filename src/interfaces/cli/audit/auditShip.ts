import { dirname, join } from 'node:path';
import { createApp } from '../../../compositionRoot.js';
import { readShipConfig, shipConfigPath } from '../../../infrastructure/audit/ship/shipConfig.js';
import type { CliContext } from '../cliContext.js';
import { EXIT_USAGE } from '../cliContext.js';

/**
 * `shimctl audit ship --once`: sends the records written since the last run to the targets in
 * the user's ship.json (for cron and CI). Exit 0 when delivered or nothing new, 1 when a target
 * was down or too slow (nothing is lost: the next run sends the same records), 2 on usage.
 */
export async function auditShip(args: string[], ctx: CliContext): Promise<number> {
  const json = args.includes('--json');
  const unknown = args.filter((a) => a !== '--once' && a !== '--json');
  if (!args.includes('--once') || unknown.length > 0) {
    ctx.stderr.write(`shimctl audit ship: ${unknown.length ? `unknown option '${unknown[0]}'` : 'only --once is supported (run it from cron, CI or a timer)'}\nusage: shimctl audit ship --once [--json]\n`);
    return EXIT_USAGE;
  }
  const configPath = shipConfigPath(ctx.env);
  let config;
  try {
    config = readShipConfig(configPath);
  } catch (err) {
    ctx.stderr.write(`shimctl audit ship: ${(err as Error).message}\n`);
    return EXIT_USAGE;
  }
  if (!config || config.targets.length === 0) {
    ctx.stderr.write(`shimctl audit ship: no targets: write ${configPath} (see docs/execution-and-audit.md, "Shipping")\n`);
    return 1;
  }
  const auditLog = createApp(ctx.env).paths.auditLog;
  const { shipOnce } = await import('../../../infrastructure/audit/ship/shipOnce.js');
  const result = await shipOnce(auditLog, join(dirname(auditLog), 'ship.cursor'), config);
  if (json) ctx.stdout.write(`${JSON.stringify(result)}\n`);
  else if (!result.error) ctx.stdout.write(`shipped ${result.sent} records\n`);
  else if (result.advanced) ctx.stdout.write(`shipped ${result.sent} records, then stopped (${result.error}); the rest stays in the local log and the next run sends it\n`);
  else ctx.stdout.write(`not shipped (${result.error}); the records stay in the local log and the next run sends them\n`);
  return result.error ? 1 : 0;
}
