import type { AgentWiring } from '../agentWiring.js';

export const goose: AgentWiring = {
  name: 'goose',
  title: 'Goose',
  env: { GOOSE_SHELL: '{bashShim}' },
  args: [],
  coverage: 'full',
  note: 'GOOSE_SHELL points at the bash shim (and bash on PATH is the shim too).',
};
