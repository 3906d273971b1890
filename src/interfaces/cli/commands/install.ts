// Placeholder until the owning issue lands: refuses clearly instead of pretending.
import type { CliCommand } from '../cliContext.js';

export const installCommand: CliCommand = {
  name: 'install',
  summary: 'Put launchers in front of the agents found on PATH and write the shims.',
  async run(_args, ctx) {
    ctx.stderr.write('shimctl install: not available in this build\n');
    return 2;
  },
};
