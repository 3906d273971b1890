/** What a shim (or the BASH_ENV guard) hands the intercept use case. */
export interface InterceptRequest {
  /** The shell the shim stands in for. */
  shell: 'bash' | 'sh';
  /** Absolute path of the real shell, recorded at install time. */
  realShell: string;
  /** The arguments the shim got, untouched. */
  args: string[];
  cwd: string;
  env: Record<string, string | undefined>;
  /**
   * `run`: review, then run through the bounded executor (the shims).
   * `check`: review only; the caller's own bash runs the command (the BASH_ENV guard).
   */
  mode: 'run' | 'check';
}

/** Session markers the launcher and shims carry in the environment. */
export const ENV_AGENT = 'SHIMCTL_AGENT';
export const ENV_SESSION = 'SHIMCTL_SESSION';
/** Set by the BASH_ENV guard on its check only: the handle (`<bash pid>.<random>`) its EXIT trap will report the end under. */
export const ENV_END = 'SHIMCTL_END';
/** The mode this agent launch runs in (docs/modes.md); the agent cannot change it (SHIMCTL_* assignments are blocked). */
export const ENV_MODE = 'SHIMCTL_MODE';
/** The directory the agent was launched in: acceptEdits trusts writes and build tooling there. */
export const ENV_WORKSPACE = 'SHIMCTL_WORKSPACE';
/** Nesting depth: 0 in the agent's own shell, incremented by every shim hop. */
export const ENV_DEPTH = 'SHIMCTL_DEPTH';

/** Deeper than this is a loop, not a build: no real tool nests shells this far. */
export const MAX_DEPTH = 12;

/** Exit statuses a shell would use. */
export const EXIT_BLOCKED = 126;
export const EXIT_NOT_FOUND = 127;

/** The depth before this hop; a missing marker (an agent that scrubs env) counts as the agent's own shell. */
export function readDepth(env: Record<string, string | undefined>): number {
  const raw = env[ENV_DEPTH];
  if (raw === undefined || raw === '') return 0;
  // A tampered marker is treated as too deep rather than as the agent's first hop.
  if (!/^[0-9]{1,6}$/.test(raw)) return Number.POSITIVE_INFINITY;
  // The shim has already incremented it for its children; this hop is one less.
  return Math.max(0, Number(raw) - 1);
}
