import type { AgentWiring } from '../agentWiring.js';

// Crush interprets shell in-process and execs binaries from PATH.
export const crush: AgentWiring = {
  name: 'crush',
  title: 'Crush',
  env: {},
  args: [],
  coverage: 'none',
  note: 'Crush interprets shell text inside its own process: only shells it starts (bash/sh scripts) reach the shims. Its PreToolUse hook is not wired yet, so its commands are NOT reviewed.',
};
