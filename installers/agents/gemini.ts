import type { AgentWiring } from '../agentWiring.js';

// Gemini CLI looks `bash` up on PATH; it may drop unknown variables but always keeps PATH.
export const gemini: AgentWiring = {
  name: 'gemini',
  title: 'Gemini CLI',
  env: {},
  args: [],
  coverage: 'full',
  note: 'bash is looked up on PATH, where the shim directory comes first.',
};
