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
  // Checked against codex 0.171.0 (docs/hooks.md): a hook passed with -c sits in Codex's session-flags
  // layer, which is never trusted; `hooks.state.<key>.trusted_hash` given with -c is ignored; trust
  // by hash is read only from config files (~/.codex/config.toml) and managed layers (/etc/codex).
  hookTrust: 'Codex cannot be told to trust only shimctl\'s hook from the command line: a hook passed with -c runs only with --dangerously-bypass-hook-trust, which also runs your other Codex hooks (~/.codex, a project\'s .codex/) without Codex asking you to trust them. Per-hook trust (hooks.state."<key>".trusted_hash) is read only from config files, which shimctl does not edit. To avoid the flag, remove it from installers/agents/codex.ts and reinstall: the BASH_ENV guard alone still reviews every command (docs/hooks.md).',
  note: 'Codex ignores PATH and SHELL. Its PreToolUse hook (passed by the launcher, with --dangerously-bypass-hook-trust, which also lets your other configured Codex hooks run unreviewed) and a BASH_ENV guard review and audit each command before it runs; the bash that runs it records its exit status when it ends. It runs in Codex\'s own bash (no time or output bounds).',
};
