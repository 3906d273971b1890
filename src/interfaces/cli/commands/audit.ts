// Placeholder until the owning issue lands: refuses clearly instead of pretending.
import type { CliCommand } from '../cliContext.js';

export const auditCommand: CliCommand = {
  name: 'audit',
  summary: 'audit tail | audit stats: read the audit trail.',
  async run(_args, ctx) {
    ctx.stderr.write('shimctl audit: not available in this build\n');
    return 2;
  },
};
