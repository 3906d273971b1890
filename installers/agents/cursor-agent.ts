import type { AgentWiring } from '../agentWiring.js';

export const cursorAgent: AgentWiring = {
  name: 'cursor-agent',
  title: 'Cursor Agent CLI',
  env: { SHELL: '{bashShim}' },
  args: [],
  coverage: 'partial',
  note: 'Not observed yet: SHELL and PATH point at the shims, but how cursor-agent starts its shell is unverified. Treat its commands as NOT reviewed until `shimctl audit tail` shows them.',
};
