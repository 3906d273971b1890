// Placeholder until the owning issue lands: refuses clearly instead of pretending.
import type { CliCommand } from '../cliContext.js';

export const doctorCommand: CliCommand = {
  name: 'doctor',
  summary: 'Check that interception works and report known gaps.',
  async run(_args, ctx) {
    ctx.stderr.write('shimctl doctor: not available in this build\n');
    return 2;
  },
};
