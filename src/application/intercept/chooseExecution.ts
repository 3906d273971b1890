import type { ShellInvocation } from '../../domain/shell/parseInvocation.js';
import type { ReviewResult } from '../../domain/review/reviewCommand.js';
import { isShellBuiltin } from '../../domain/policy/shellBuiltins.js';

/** What to run once a request is allowed: a file by absolute path and its argv. */
export interface ExecutionChoice {
  file: string;
  args: string[];
  argv0?: string;
  /** Why this form was chosen, for the audit and `explain`. */
  via: 'binary' | 'shell';
}

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
  // `--version`/`--help` were allowed without a review of anything else: the shell gets only them.
  if (invocation.kind === 'info') return { file: realShell, args: invocation.flags, argv0: shell, via: 'shell' };
  const viaShell: ExecutionChoice = { file: realShell, args: originalArgs, argv0: shell, via: 'shell' };
  if (invocation.kind !== 'command') return viaShell;
  if (review.envelope || review.bookkeeping) return viaShell;
  // `-c S argv0 args…` gives the script positional parameters; only the shell can bind them.
  if (invocation.positional.length > 0 || invocation.argv0 !== undefined) return viaShell;
  const n = review.normalized;
  if (!n?.resolvedBinary?.startsWith('/')) return viaShell;
  if (n.wrappers.length > 0 || Object.keys(n.envAssignments).length > 0) return viaShell;
  const [name, ...rest] = n.argv;
  // A builtin run by absolute path would not exist (`cd`) or would lose its effect: the shell runs it.
  if (name === undefined || isShellBuiltin(name) || n.effectiveArgv[0] !== name) return viaShell;
  return { file: n.resolvedBinary, args: rest, argv0: name, via: 'binary' };
}
