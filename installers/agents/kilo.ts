import type { AgentWiring } from '../agentWiring.js';

// Kilo CLI 7 (an OpenCode fork): absolute $SHELL, `-c "<cmd>"` (captured in test/agents/captures/kilo.jsonl).
export const kilo: AgentWiring = {
  name: 'kilo',
  title: 'Kilo CLI',
  env: { SHELL: '{bashShim}' },
  args: [],
  coverage: 'full',
  note: 'SHELL points at the bash shim (Kilo runs the absolute $SHELL). A `shell` set in Kilo\'s own config wins over it: leave it unset.',
};
