import type { AgentWiring } from '../agentWiring.js';

// Cline hard-codes /bin/bash -c: only BASH_ENV and its hooks directory can see the command.
// `shimctl install` also writes ~/Documents/Cline/Hooks/PreToolUse (unless a file of yours is there).
export const cline: AgentWiring = {
  name: 'cline',
  title: 'Cline CLI',
  env: { BASH_ENV: '{bashEnvGuard}' },
  args: [],
  coverage: 'guard',
  note: 'Cline runs /bin/bash -c by absolute path; a BASH_ENV guard reviews and audits each command before bash runs it (no time or output bounds). shimctl also installs ~/Documents/Cline/Hooks/PreToolUse (a PreToolUse hook that reviews execute_command calls; Cline 3 runs it as `sh FILE`, and the sh shim runs exactly the file install wrote, verified by owner, mode and hash; the shell tool of Cline 3, run_commands, is left to the guard).',
};
