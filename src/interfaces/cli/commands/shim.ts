// Placeholder until the owning issue lands: refuses clearly instead of pretending.
import type { CliCommand } from '../cliContext.js';

export const shimCommand: CliCommand = {
  name: '__shim',
  summary: 'Internal: entry point of the bash/sh shims.',
  async run(_args, ctx) {
    ctx.stderr.write('shimctl __shim: not available in this build\n');
    return 2;
  },
};
