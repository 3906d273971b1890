import type { ShellInvocation } from '../../domain/shell/parseInvocation.js';
import type { ReviewResult } from '../../domain/review/reviewCommand.js';

/** What to run once a request is allowed: a file by absolute path and its argv. */
export interface ExecutionChoice {
  file: string;
  args: string[];
  argv0?: string;
  /** Why this form was chosen, for the audit and `explain`. */
  via: 'binary' | 'shell';
}

/**
 * Names a shell resolves before PATH. Run by absolute path they would either not exist
 * (`cd`, `export`) or silently lose their effect, so they go through the real shell.
 */
const SHELL_BUILTINS = new Set([
  '.', ':', '[', 'alias', 'bg', 'bind', 'break', 'builtin', 'caller', 'cd', 'command', 'compgen', 'complete',
  'continue', 'declare', 'dirs', 'disown', 'echo', 'enable', 'eval', 'exec', 'exit', 'export', 'false', 'fc', 'fg',
  'getopts', 'hash', 'help', 'history', 'jobs', 'kill', 'let', 'local', 'logout', 'mapfile', 'popd', 'printf',
  'pushd', 'pwd', 'read', 'readarray', 'readonly', 'return', 'set', 'shift', 'shopt', 'source', 'suspend', 'test',
  'times', 'trap', 'true', 'type', 'typeset', 'ulimit', 'umask', 'unalias', 'unset', 'wait',
]);

/**
 * A plain simple command runs as the reviewed binary by absolute path with an argv array, so what
 * runs is exactly what was judged (no PATH lookup, alias or function in between). Everything
 * else runs as the real shell with the original arguments: envelopes and bookkeeping (the agent
 * needs its cwd file and snapshots), builtins, leading assignments and wrappers (the review
 * judged them as written; the shell reproduces them faithfully).
 */
export function chooseExecution(
  invocation: ShellInvocation,
  review: ReviewResult,
  realShell: string,
  shell: string,
  originalArgs: string[],
): ExecutionChoice {
  const viaShell: ExecutionChoice = { file: realShell, args: originalArgs, argv0: shell, via: 'shell' };
  if (invocation.kind !== 'command') return viaShell;
  if (review.envelope || review.bookkeeping) return viaShell;
  // `-c S argv0 args…` gives the script positional parameters; only the shell can bind them.
  if (invocation.positional.length > 0 || invocation.argv0 !== undefined) return viaShell;
  const n = review.normalized;
  if (!n || !n.resolvedBinary || !n.resolvedBinary.startsWith('/')) return viaShell;
  if (n.wrappers.length > 0 || Object.keys(n.envAssignments).length > 0) return viaShell;
  const [name, ...rest] = n.argv;
  if (name === undefined || SHELL_BUILTINS.has(name) || n.effectiveArgv[0] !== name) return viaShell;
  return { file: n.resolvedBinary, args: rest, argv0: name, via: 'binary' };
}
