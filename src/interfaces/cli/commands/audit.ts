import { createApp } from '../../../compositionRoot.js';
import { UsageError, parseAuditArgs } from '../audit/auditArgs.js';
import { auditStats } from '../audit/auditStats.js';
import { auditTail } from '../audit/auditTail.js';
import { auditVerify } from '../audit/auditVerify.js';
import { auditShip } from '../audit/auditShip.js';
import type { CliCommand } from '../cliContext.js';
import { EXIT_USAGE } from '../cliContext.js';

const USAGE = `usage:
  shimctl audit tail [-n N] [-f] [--json] [--decision allow|ask|block] [--agent NAME] [--since DURATION|TIME] [--grep TEXT]
  shimctl audit stats [--since DURATION|TIME] [--decision D] [--agent NAME] [--grep TEXT] [--json]
  shimctl audit verify [--json] [--max-mib N]
  shimctl audit ship --once [--json]
`;

export const auditCommand: CliCommand = {
  name: 'audit',
  summary: 'audit tail | audit stats | audit verify | audit ship: read the audit trail, check its hash chain, send it to your log system.',
  async run(args, ctx) {
    const [sub, ...rest] = args;
    if (sub === '--help' || sub === '-h' || sub === 'help') {
      ctx.stdout.write(USAGE);
      return 0;
    }
    if (sub === 'verify') {
      const path = createApp(ctx.env).paths.auditLog;
      try {
        return auditVerify(path, rest, ctx);
      } catch (err) {
        if (err instanceof UsageError || (err as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
          ctx.stderr.write(`shimctl audit verify: ${(err as Error).message}\n${USAGE}`);
          return EXIT_USAGE;
        }
        ctx.stderr.write(`shimctl audit verify: cannot read ${path}: ${(err as Error).message}\n`);
        return 1;
      }
    }
    if (sub === 'ship') return auditShip(rest, ctx);
    if (sub !== 'tail' && sub !== 'stats') {
      ctx.stderr.write(`shimctl audit: ${sub ? `unknown subcommand '${sub}'` : 'missing subcommand'}\n${USAGE}`);
      return EXIT_USAGE;
    }
    let parsed;
    try {
      parsed = parseAuditArgs(rest, Date.now());
    } catch (err) {
      if (err instanceof UsageError || (err as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
        ctx.stderr.write(`shimctl audit ${sub}: ${(err as Error).message}\n${USAGE}`);
        return EXIT_USAGE;
      }
      throw err;
    }
    const path = createApp(ctx.env).paths.auditLog;
    try {
      return sub === 'tail' ? await auditTail(path, parsed, ctx) : auditStats(path, parsed, ctx);
    } catch (err) {
      ctx.stderr.write(`shimctl audit ${sub}: cannot read ${path}: ${(err as Error).message}\n`);
      return 1;
    }
  },
};
