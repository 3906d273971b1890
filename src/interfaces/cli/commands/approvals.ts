import { answerable } from '../../../application/approvals/findRequest.js';
import { approvalsWiring } from '../approvals/approvalsWiring.js';
import { runApprovalsView } from '../approvals/approvalsView.js';
import { jsonEntry } from '../approvals/renderPending.js';
import { refuseInsideSession, refuseToAnswer, sessionRefusalMessage } from '../approvals/sessionGuard.js';
import { terminalSafeJson } from '../approvals/terminalSafeJson.js';
import type { CliCommand } from '../cliContext.js';
import { EXIT } from '../exitCodes.js';
import { runCommand } from '../runCommand.js';

const USAGE = 'usage: shimctl approvals [--json]\n';
const HELP = `${USAGE}  (no option) an interactive view for another terminal: y/a approve once, A approve always, d/n deny, enter/i details, q quit\n  --json      print the pending requests as a JSON array and exit\n`;

export const approvalsCommand: CliCommand = {
  name: 'approvals',
  summary: 'Watch and answer pending approval requests.',
  run: (args, ctx) =>
    runCommand(
      {
        name: 'approvals',
        usage: USAGE,
        help: HELP,
        options: { json: { type: 'boolean' } },
        run: async (values) => {
          const wiring = approvalsWiring(ctx.env);
          if (values.json) {
            const all = wiring.store.list();
            const forged = all.filter((s) => !s.authentic).length;
            if (forged > 0)
              ctx.stderr.write(
                `shimctl approvals: ignored ${forged} request file(s) that failed the integrity check\n`,
              );
            ctx.stdout.write(
              `${terminalSafeJson(
                answerable(wiring.store).map((s) => jsonEntry(s.request)),
                2,
              )}\n`,
            );
            return EXIT.OK;
          }
          const inside = refuseInsideSession(ctx.env, wiring.shimDir);
          if (inside) {
            ctx.stderr.write(sessionRefusalMessage('approvals', inside));
            return EXIT.FAILED;
          }
          if (!ctx.stdin.isTTY || !ctx.stdout.isTTY) {
            ctx.stderr.write(
              'shimctl approvals: the interactive view needs a terminal; use --json, then shimctl approve/deny ID\n',
            );
            return EXIT.USAGE;
          }
          const refused = refuseToAnswer(ctx.env, wiring);
          if (refused) {
            ctx.stderr.write(sessionRefusalMessage('approvals', refused));
            return EXIT.FAILED;
          }
          return await runApprovalsView(ctx, wiring);
        },
      },
      args,
      ctx,
    ),
};
