import type { AgentWiring } from '../agentWiring.js';

// Continue CLI: `$SHELL -l -c "<cmd>"`, default /bin/bash.
export const cn: AgentWiring = {
  name: 'cn',
  title: 'Continue CLI',
  env: { SHELL: '{bashShim}' },
  args: [],
  coverage: 'full',
  note: 'SHELL points at the bash shim.',
};
