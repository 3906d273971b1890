import type { ArgvEnvelope } from '../src/domain/shell/envelopes/argvEnvelope.js';

/**
 * How one agent is put behind the gate: data only. `{bashShim}`, `{shShim}` and `{bashEnvGuard}`
 * in values are replaced by the installed files' absolute paths; `{codexHookToml}` (in `env` or
 * `args`) by Codex's PreToolUse hook command as a TOML string.
 */
export interface AgentWiring {
  /** The name the agent has on PATH (and the launcher's name). */
  name: string;
  title: string;
  /** Variables the launcher exports before exec'ing the real agent. */
  env: Record<string, string>;
  /** Arguments put before the user's own. */
  args: string[];
  /**
   * `full`: every shell the agent starts goes through a shim (bounded execution, audit).
   * `guard`: commands are reviewed and audited before they run, but run in the agent's own bash.
   * `partial`: some shells are covered, some are not (see `note`).
   * `none`: nothing the agent runs can be reviewed today (see `note`).
   */
  coverage: 'full' | 'guard' | 'partial' | 'none';
  /** Plain words for `status` and `doctor`: what is covered, what is not, why. */
  note: string;
  /**
   * Set when the launcher has to lift the agent's own trust check for hooks to get shimctl's hook
   * run: `doctor` says so while the agent is installed (what else it lets through, and why).
   */
  hookTrust?: string;
  /**
   * The agent's own scripts that take the model's command as an argument (Droid's supervisor),
   * recognised by exact text and pinned arguments; the command inside is reviewed. This file is
   * their only home: the review reads them through HostFacts.
   */
  argvEnvelopes?: readonly ArgvEnvelope[];
}

export type PlaceholderName = 'bashShim' | 'shShim' | 'bashEnvGuard' | 'codexHookToml';
