// Placeholder until the owning issue lands: refuses clearly instead of pretending.
import type { CliCommand } from '../cliContext.js';

export const explainCommand: CliCommand = {
  name: 'explain',
  summary: 'Explain the verdict for a command, stage by stage.',
  async run(_args, ctx) {
    ctx.stderr.write('shimctl explain: not available in this build\n');
    return 2;
  },
};
