import { denyRequest } from '../../../application/approvals/answerRequest.js';
import { DENY_USAGE, parseDenyArgs } from '../approvals/answerArgs.js';
import { approvalsWiring } from '../approvals/approvalsWiring.js';
import { refuseToAnswer, sessionRefusalMessage } from '../approvals/sessionGuard.js';
import type { CliCommand } from '../cliContext.js';
import { EXIT_USAGE } from '../cliContext.js';

export const denyCommand: CliCommand = {
  name: 'deny',
  summary: 'Deny one pending request.',
  async run(args, ctx) {
    if (args.includes('--help') || args.includes('-h')) {
      ctx.stdout.write(`${DENY_USAGE}  --reason   a short text the agent sees in the block message\n`);
      return 0;
    }
    const parsed = parseDenyArgs(args);
    if (!parsed.ok) {
      ctx.stderr.write(`shimctl deny: ${parsed.message}\n${DENY_USAGE}`);
      return EXIT_USAGE;
    }
    try {
      const wiring = approvalsWiring(ctx.env);
      const refused = refuseToAnswer(ctx.env, wiring);
      if (refused) {
        ctx.stderr.write(sessionRefusalMessage('deny', refused));
        return 1;
      }
      const result = await denyRequest(wiring.store, parsed.value.id, parsed.value.reason);
      if (!result.ok) {
        ctx.stderr.write(`shimctl deny: ${result.message}\n`);
        return 1;
      }
      ctx.stdout.write(`denied ${result.id}\n`);
      return 0;
    } catch (err) {
      ctx.stderr.write(`shimctl deny: ${err instanceof Error ? err.message : String(err)}\n`);
      return 1;
    }
  },
};
