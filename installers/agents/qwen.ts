import type { AgentWiring } from '../agentWiring.js';

export const qwen: AgentWiring = {
  name: 'qwen',
  title: 'Qwen Code',
  env: {},
  args: [],
  coverage: 'full',
  note: 'bash is looked up on PATH, where the shim directory comes first.',
};
