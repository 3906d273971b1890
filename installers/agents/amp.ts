import type { AgentWiring } from '../agentWiring.js';

export const amp: AgentWiring = {
  name: 'amp',
  title: 'Amp',
  env: { SHELL: '{bashShim}' },
  args: [],
  coverage: 'partial',
  note: 'Not observed yet: SHELL and PATH point at the shims, but how Amp starts its shell is unverified. Treat its commands as NOT reviewed until `shimctl audit tail` shows them.',
};
