// Placeholder until the owning issue lands: refuses clearly instead of pretending.
import type { CliCommand } from '../cliContext.js';

export const denyCommand: CliCommand = {
  name: 'deny',
  summary: 'Deny one pending request.',
  async run(_args, ctx) {
    ctx.stderr.write('shimctl deny: not available in this build\n');
    return 2;
  },
};
