import type { AgentWiring } from '../agentWiring.js';

// Cline hard-codes /bin/bash -c: only BASH_ENV (or its hooks dir) can see the command.
export const cline: AgentWiring = {
  name: 'cline',
  title: 'Cline CLI',
  env: { BASH_ENV: '{bashEnvGuard}' },
  args: [],
  coverage: 'guard',
  note: 'Cline runs /bin/bash -c by absolute path; a BASH_ENV guard reviews and audits each command before bash runs it (no time or output bounds). Cline\'s hooks directory is not wired yet.',
};
