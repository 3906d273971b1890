// Placeholder until the owning issue lands: refuses clearly instead of pretending.
import type { CliCommand } from '../cliContext.js';

export const approveCommand: CliCommand = {
  name: 'approve',
  summary: 'Approve one pending request (--always saves a rule).',
  async run(_args, ctx) {
    ctx.stderr.write('shimctl approve: not available in this build\n');
    return 2;
  },
};
