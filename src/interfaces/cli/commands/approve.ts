import { approveAlways, approveOnce } from '../../../application/approvals/answerRequest.js';
import { APPROVE_USAGE, parseApproveArgs } from '../approvals/answerArgs.js';
import { approvalsWiring } from '../approvals/approvalsWiring.js';
import { refuseToAnswer, sessionRefusalMessage } from '../approvals/sessionGuard.js';
import { showRule } from '../approvals/showRule.js';
import type { CliCommand } from '../cliContext.js';
import { EXIT_USAGE } from '../cliContext.js';

export const approveCommand: CliCommand = {
  name: 'approve',
  summary: 'Approve one pending request (--always saves a rule).',
  async run(args, ctx) {
    if (args.includes('--help') || args.includes('-h')) {
      ctx.stdout.write(`${APPROVE_USAGE}  --always   also save an allow rule in your config (exact command by default)\n  --scope    command (exact argv, default) or subcommand (the command and its sub-command, any arguments)\n  --for      project (the repository root, default), session (this agent session) or user (everywhere)\n`);
      return 0;
    }
    const parsed = parseApproveArgs(args);
    if (!parsed.ok) {
      ctx.stderr.write(`shimctl approve: ${parsed.message}\n${APPROVE_USAGE}`);
      return EXIT_USAGE;
    }
    try {
      const wiring = approvalsWiring(ctx.env);
      const refused = refuseToAnswer(ctx.env, wiring);
      if (refused) {
        ctx.stderr.write(sessionRefusalMessage('approve', refused));
        return 1;
      }
      const { id, always, scope, where } = parsed.value;
      const result = always ? await approveAlways(wiring.store, id, scope, wiring.always, where) : await approveOnce(wiring.store, id);
      if (!result.ok) {
        ctx.stderr.write(`shimctl approve: ${result.message}\n`);
        return 1;
      }
      if (result.rule) {
        const where = result.rule.duplicate ? 'already in your config' : `saved to ${result.rule.file}`;
        ctx.stdout.write(`rule ${where}:\n${showRule(result.rule.rule)}\n`);
      }
      ctx.stdout.write(`approved ${result.id}${always ? ' (always)' : ''}\n`);
      return 0;
    } catch (err) {
      ctx.stderr.write(`shimctl approve: ${err instanceof Error ? err.message : String(err)}\n`);
      return 1;
    }
  },
};
