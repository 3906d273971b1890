import type { AgentWiring } from '../agentWiring.js';

export const q: AgentWiring = {
  name: 'q',
  title: 'Amazon Q Developer CLI',
  env: { AMAZON_Q_CHAT_SHELL: '{bashShim}' },
  args: [],
  coverage: 'full',
  note: 'AMAZON_Q_CHAT_SHELL points at the bash shim (and bash on PATH is the shim too).',
};
