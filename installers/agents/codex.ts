import type { AgentWiring } from '../agentWiring.js';

// Codex runs the passwd login shell by absolute path, then `exec '/bin/bash' -c '<cmd>'`:
// PATH and SHELL never reach it. Two layers: its own PreToolUse hook (passed on the command line;
// a hook passed that way only runs with --dangerously-bypass-hook-trust, checked with codex 0.171.0)
// sees the model's command before Codex wraps it, and the BASH_ENV guard checks what bash runs.
export const codex: AgentWiring = {
  name: 'codex',
  title: 'Codex CLI',
  env: { BASH_ENV: '{bashEnvGuard}' },
  args: [
    '-c', 'hooks.PreToolUse=[{matcher="Bash",hooks=[{type="command",command={codexHookToml},timeout=600}]}]',
    '--dangerously-bypass-hook-trust',
  ],
  coverage: 'guard',
  note: 'Codex ignores PATH and SHELL. Its PreToolUse hook (passed by the launcher, with --dangerously-bypass-hook-trust, which also lets your other configured Codex hooks run unreviewed) and a BASH_ENV guard review and audit each command before it runs. It runs in Codex\'s own bash (no time or output bounds).',
};
