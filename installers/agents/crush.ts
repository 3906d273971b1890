import type { AgentWiring } from '../agentWiring.js';

// Crush interprets shell in-process and execs binaries from PATH. Its PreToolUse hook lives in
// crush.json, a file of the user's that shimctl does not edit: docs/hooks.md gives the entry to add.
export const crush: AgentWiring = {
  name: 'crush',
  title: 'Crush',
  env: {},
  args: [],
  coverage: 'none',
  note: 'Crush interprets shell text inside its own process: only shells it starts (bash/sh scripts) reach the shims. shimctl installs a PreToolUse hook for it (hooks/crush-pretooluse in the shim directory) but does not edit your crush.json: until you add it there (see docs/hooks.md), Crush\'s commands are NOT reviewed.',
};
