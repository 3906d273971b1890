// Placeholder until the owning issue lands: refuses clearly instead of pretending.
import type { CliCommand } from '../cliContext.js';

export const uninstallCommand: CliCommand = {
  name: 'uninstall',
  summary: 'Remove exactly what install wrote.',
  async run(_args, ctx) {
    ctx.stderr.write('shimctl uninstall: not available in this build\n');
    return 2;
  },
};
