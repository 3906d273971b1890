import { answerable } from '../../../application/approvals/findRequest.js';
import { approvalsWiring } from '../approvals/approvalsWiring.js';
import { runApprovalsView } from '../approvals/approvalsView.js';
import { jsonEntry } from '../approvals/renderPending.js';
import { refuseInsideSession, refuseToAnswer, sessionRefusalMessage } from '../approvals/sessionGuard.js';
import { terminalSafeJson } from '../approvals/terminalSafeJson.js';
import type { CliCommand } from '../cliContext.js';
import { EXIT_USAGE } from '../cliContext.js';

const USAGE = 'usage: shimctl approvals [--json]\n';

export const approvalsCommand: CliCommand = {
  name: 'approvals',
  summary: 'Watch and answer pending approval requests.',
  async run(args, ctx) {
    if (args.includes('--help') || args.includes('-h')) {
      ctx.stdout.write(`${USAGE}  (no option) an interactive view for another terminal: y/a approve once, A approve always, d/n deny, enter/i details, q quit\n  --json      print the pending requests as a JSON array and exit\n`);
      return 0;
    }
    const unknown = args.find((a) => a !== '--json');
    if (unknown !== undefined) {
      ctx.stderr.write(`shimctl approvals: unknown argument '${unknown}'\n${USAGE}`);
      return EXIT_USAGE;
    }
    try {
      const wiring = approvalsWiring(ctx.env);
      if (args.includes('--json')) {
        const all = wiring.store.list();
        const forged = all.filter((s) => !s.authentic).length;
        if (forged > 0) ctx.stderr.write(`shimctl approvals: ignored ${forged} request file(s) that failed the integrity check\n`);
        ctx.stdout.write(`${terminalSafeJson(answerable(wiring.store).map((s) => jsonEntry(s.request)), 2)}\n`);
        return 0;
      }
      const inside = refuseInsideSession(ctx.env, wiring.shimDir);
      if (inside) {
        ctx.stderr.write(sessionRefusalMessage('approvals', inside));
        return 1;
      }
      if (!ctx.stdin.isTTY || !ctx.stdout.isTTY) {
        ctx.stderr.write('shimctl approvals: the interactive view needs a terminal; use --json, then shimctl approve/deny ID\n');
        return EXIT_USAGE;
      }
      const refused = refuseToAnswer(ctx.env, wiring);
      if (refused) {
        ctx.stderr.write(sessionRefusalMessage('approvals', refused));
        return 1;
      }
      return await runApprovalsView(ctx, wiring);
    } catch (err) {
      ctx.stderr.write(`shimctl approvals: ${err instanceof Error ? err.message : String(err)}\n`);
      return 1;
    }
  },
};
