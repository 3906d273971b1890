// Placeholder until the owning issue lands: refuses clearly instead of pretending.
import type { CliCommand } from '../cliContext.js';

export const decideCommand: CliCommand = {
  name: 'decide',
  summary: 'Judge one request from stdin (JSON) and print the verdict; never executes.',
  async run(_args, ctx) {
    ctx.stderr.write('shimctl decide: not available in this build\n');
    return 2;
  },
};
