import type { AgentWiring } from '../agentWiring.js';

// Copilot CLI: COPILOT_BASH_PATH, else /bin/bash; `--norc --noprofile -c "<cmd>"`.
export const copilot: AgentWiring = {
  name: 'copilot',
  title: 'GitHub Copilot CLI',
  env: { COPILOT_BASH_PATH: '{bashShim}' },
  args: [],
  coverage: 'full',
  note: 'COPILOT_BASH_PATH points at the bash shim.',
};
