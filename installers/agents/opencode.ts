import type { AgentWiring } from '../agentWiring.js';

// OpenCode: config `shell`, else absolute $SHELL, else `which bash`.
export const opencode: AgentWiring = {
  name: 'opencode',
  title: 'OpenCode',
  env: { SHELL: '{bashShim}' },
  args: [],
  coverage: 'full',
  note: 'SHELL points at the bash shim. A `shell` set in OpenCode\'s own config wins over it: leave it unset.',
};
