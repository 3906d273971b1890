// Placeholder until the owning issue lands: refuses clearly instead of pretending.
import type { CliCommand } from '../cliContext.js';

export const statusCommand: CliCommand = {
  name: 'status',
  summary: 'Show the launcher and shim directories, the audit log and each agent.',
  async run(_args, ctx) {
    ctx.stderr.write('shimctl status: not available in this build\n');
    return 2;
  },
};
