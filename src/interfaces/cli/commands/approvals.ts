// Placeholder until the owning issue lands: refuses clearly instead of pretending.
import type { CliCommand } from '../cliContext.js';

export const approvalsCommand: CliCommand = {
  name: 'approvals',
  summary: 'Watch and answer pending approval requests.',
  async run(_args, ctx) {
    ctx.stderr.write('shimctl approvals: not available in this build\n');
    return 2;
  },
};
