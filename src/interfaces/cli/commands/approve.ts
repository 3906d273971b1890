import { approveAlways, approveOnce } from '../../../application/approvals/answerRequest.js';
import { APPROVE_OPTIONS, APPROVE_USAGE, approveArgs } from '../approvals/answerArgs.js';
import { approvalsWiring } from '../approvals/approvalsWiring.js';
import { refuseToAnswer, sessionRefusalMessage } from '../approvals/sessionGuard.js';
import { showRule } from '../approvals/showRule.js';
import type { CliCommand } from '../cliContext.js';
import { EXIT } from '../exitCodes.js';
import { runCommand } from '../runCommand.js';

const HELP = `${APPROVE_USAGE}  --always   also save an allow rule in your config (exact command by default)\n  --scope    command (exact argv, default) or subcommand (the command and its sub-command, any arguments)\n  --for      project (the repository root, default), session (this agent session) or user (everywhere)\n`;

export const approveCommand: CliCommand = {
  name: 'approve',
  summary: 'Approve one pending request (--always saves a rule).',
  run: (args, ctx) =>
    runCommand(
      {
        name: 'approve',
        usage: APPROVE_USAGE,
        help: HELP,
        options: APPROVE_OPTIONS,
        positionals: 'any',
        run: async (values, positionals) => {
          const { id, always, scope, where } = approveArgs(values, positionals);
          const wiring = approvalsWiring(ctx.env);
          const refused = refuseToAnswer(ctx.env, wiring);
          if (refused) {
            ctx.stderr.write(sessionRefusalMessage('approve', refused));
            return EXIT.FAILED;
          }
          const result = always
            ? await approveAlways(wiring.store, id, scope, wiring.always, where)
            : await approveOnce(wiring.store, id);
          if (!result.ok) {
            ctx.stderr.write(`shimctl approve: ${result.message}\n`);
            return EXIT.FAILED;
          }
          if (result.rule) {
            const saved = result.rule.duplicate ? 'already in your config' : `saved to ${result.rule.file}`;
            ctx.stdout.write(`rule ${saved}:\n${showRule(result.rule.rule)}\n`);
          }
          ctx.stdout.write(`approved ${result.id}${always ? ' (always)' : ''}\n`);
          return EXIT.OK;
        },
      },
      args,
      ctx,
    ),
};
