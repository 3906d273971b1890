// Placeholder until the owning issue lands: refuses clearly instead of pretending.
import type { CliCommand } from '../cliContext.js';

export const policyCommand: CliCommand = {
  name: 'policy',
  summary: 'policy test FILE.jsonl | policy check: test the policy or the configured engine.',
  async run(_args, ctx) {
    ctx.stderr.write('shimctl policy: not available in this build\n');
    return 2;
  },
};
