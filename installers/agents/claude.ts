import type { AgentWiring } from '../agentWiring.js';

// Claude Code picks one absolute shell at start: CLAUDE_CODE_SHELL, else $SHELL if it names bash.
export const claude: AgentWiring = {
  name: 'claude',
  title: 'Claude Code',
  env: { CLAUDE_CODE_SHELL: '{bashShim}', SHELL: '{bashShim}' },
  args: [],
  coverage: 'full',
  note: 'CLAUDE_CODE_SHELL and SHELL point at the bash shim; its envelope is unwrapped and the inner command reviewed.',
};
