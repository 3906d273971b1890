import { denyRequest } from '../../../application/approvals/answerRequest.js';
import { DENY_OPTIONS, DENY_USAGE, denyArgs } from '../approvals/answerArgs.js';
import { approvalsWiring } from '../approvals/approvalsWiring.js';
import { refuseToAnswer, sessionRefusalMessage } from '../approvals/sessionGuard.js';
import type { CliCommand } from '../cliContext.js';
import { EXIT } from '../exitCodes.js';
import { runCommand } from '../runCommand.js';

const HELP = `${DENY_USAGE}  --reason   a short text the agent sees in the block message\n`;

export const denyCommand: CliCommand = {
  name: 'deny',
  summary: 'Deny one pending request.',
  run: (args, ctx) =>
    runCommand(
      {
        name: 'deny',
        usage: DENY_USAGE,
        help: HELP,
        options: DENY_OPTIONS,
        positionals: 'any',
        run: async (values, positionals) => {
          const { id, reason } = denyArgs(values, positionals);
          const wiring = approvalsWiring(ctx.env);
          const refused = refuseToAnswer(ctx.env, wiring);
          if (refused) {
            ctx.stderr.write(sessionRefusalMessage('deny', refused));
            return EXIT.FAILED;
          }
          const result = await denyRequest(wiring.store, id, reason);
          if (!result.ok) {
            ctx.stderr.write(`shimctl deny: ${result.message}\n`);
            return EXIT.FAILED;
          }
          ctx.stdout.write(`denied ${result.id}\n`);
          return EXIT.OK;
        },
      },
      args,
      ctx,
    ),
};
