import type { AgentWiring } from '../agentWiring.js';

// Codex runs the passwd login shell by absolute path, then `exec '/bin/bash' -c '<cmd>'`:
// PATH and SHELL never reach it, but bash honours BASH_ENV for -c and -lc shells.
export const codex: AgentWiring = {
  name: 'codex',
  title: 'Codex CLI',
  env: { BASH_ENV: '{bashEnvGuard}' },
  args: [],
  coverage: 'guard',
  note: 'Codex ignores PATH and SHELL; a BASH_ENV guard reviews and audits each command before bash runs it. It runs in Codex\'s own bash (no time or output bounds), and only if the login shell is bash.',
};
