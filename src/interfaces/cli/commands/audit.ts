import { errorMessage } from '../../../application/shimctlError.js';
import { createApp } from '../../../compositionRoot.js';
import { AUDIT_QUERY_OPTIONS, auditQueryArgs } from '../audit/auditArgs.js';
import { auditShip, AUDIT_SHIP_OPTIONS } from '../audit/auditShip.js';
import { auditStats } from '../audit/auditStats.js';
import { auditTail } from '../audit/auditTail.js';
import { AUDIT_VERIFY_OPTIONS, auditVerify } from '../audit/auditVerify.js';
import type { CliCommand, CliContext } from '../cliContext.js';
import { runCommand, runSubcommand } from '../runCommand.js';

const USAGE = `usage:
  shimctl audit tail [-n N] [-f] [--json] [--decision allow|ask|block] [--agent NAME] [--since DURATION|TIME] [--grep TEXT]
  shimctl audit stats [--since DURATION|TIME] [--decision D] [--agent NAME] [--grep TEXT] [--json]
  shimctl audit verify [--json] [--max-mib N]
  shimctl audit ship --once [--json] | --migrate
`;

const auditLog = (ctx: CliContext): string => createApp(ctx.env).paths.auditLog;

/** tail and stats read the same log with the same filter options. */
function query(sub: 'tail' | 'stats') {
  return (args: string[], ctx: CliContext) =>
    runCommand(
      {
        name: `audit ${sub}`,
        usage: USAGE,
        options: AUDIT_QUERY_OPTIONS,
        run: async (values) => {
          const parsed = auditQueryArgs(values, Date.now());
          const path = auditLog(ctx);
          try {
            return sub === 'tail' ? await auditTail(path, parsed, ctx) : auditStats(path, parsed, ctx);
          } catch (err) {
            throw new Error(`cannot read ${path}: ${errorMessage(err)}`);
          }
        },
      },
      args,
      ctx,
    );
}

const SUBCOMMANDS = {
  tail: query('tail'),
  stats: query('stats'),
  verify: (args: string[], ctx: CliContext) =>
    runCommand(
      {
        name: 'audit verify',
        usage: USAGE,
        options: AUDIT_VERIFY_OPTIONS,
        run: (values) => auditVerify(auditLog(ctx), values, ctx),
      },
      args,
      ctx,
    ),
  ship: (args: string[], ctx: CliContext) =>
    runCommand(
      {
        name: 'audit ship',
        usage: 'usage: shimctl audit ship --once [--json] | --migrate\n',
        options: AUDIT_SHIP_OPTIONS,
        run: (values) => auditShip(values, ctx),
      },
      args,
      ctx,
    ),
};

export const auditCommand: CliCommand = {
  name: 'audit',
  summary:
    'audit tail | audit stats | audit verify | audit ship: read the audit trail, check its hash chain, send it to your log system.',
  run: (args, ctx) => runSubcommand('audit', USAGE, SUBCOMMANDS, args, ctx),
};
