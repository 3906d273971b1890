// Classifies one simple command of a compound: what it does to the shell the later parts run in.
// Only cd/pushd (the directory) and literal assignments/exports (the environment) are followed;
// any other builtin that changes the shell for the later parts is refused in a compound, because
// the later parts would then be judged in a shell that is not the one that runs them.
import { isCleanAbsPath } from '../shell/envelopes/template.js';

const ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*=/;

/** Leading `NAME=value` words. */
export function assignmentCount(words: readonly string[]): number {
  let k = 0;
  while (k < words.length && ASSIGNMENT.test(words[k]!)) k++;
  return k;
}

/** The command words after assignments and `builtin`/`command` prefixes (as bash resolves them). */
export function coreWords(words: readonly string[]): string[] {
  let k = assignmentCount(words);
  while (k < words.length - 1 && (words[k] === 'builtin' || words[k] === 'command')) k++;
  return words.slice(k);
}

/** Builtins whose effect reaches the commands after them (functions, options, traps, fds, hashing, ...). */
const STATEFUL = new Set([
  'set', 'shopt', 'hash', 'enable', 'alias', 'trap', 'exec', 'source', '.', 'declare', 'typeset', 'local',
  'readonly', 'umask', 'popd', 'bind', 'export', 'fc', 'builtin', 'command', 'eval',
]);

/** `set -e`, `set -euo pipefail`, `set +x`: options that only stop early, fail on unset names or trace. */
const HARMLESS_SET = /^(?:[-+][euxv]+|[-+][euxv]*o|pipefail|errexit|nounset|xtrace|verbose)$/;

/** Whether a part changes the shell for later parts in a way the review does not follow. */
export function changesShell(core: readonly string[]): boolean {
  const [name, ...args] = core;
  if (name === undefined || !STATEFUL.has(name)) return false;
  if (name === 'set') return args.length === 0 || !args.every((a) => HARMLESS_SET.test(a));
  // Turning options off, or asking about them.
  if (name === 'shopt') return !(args[0] === '-u' || args[0] === '-p' || args[0] === '-q');
  // `export NAME=value` / `export NAME`: followed as an assignment of every later part.
  if (name === 'export') return args.some((a) => a.startsWith('-'));
  return true;
}

/** Claude Code's cwd file, `<tmp>/claude-XXXX-cwd`, as its shell provider names it. */
const CWD_FILE = /\/claude-[0-9a-f]{4}-cwd$/;

export function isAgentCwdFile(target: string): boolean {
  return CWD_FILE.test(target) && isCleanAbsPath(target);
}

/** The fixed builtins of an agent envelope (Claude 2.1.332): run with no effect on what is judged. */
export function isEnvelopeBuiltin(core: readonly string[]): boolean {
  const [name, ...args] = core;
  const plainName = (w: string | undefined): boolean => w !== undefined && /^[A-Za-z_][A-Za-z0-9_.:-]*$/.test(w);
  if (name === 'true' && args.length === 0) return true;
  if (name === 'shopt') return args[0] === '-u' && args.length > 1 && args.slice(1).every(plainName);
  const rest = args[0] === '--' ? args.slice(1) : args;
  if (name === 'unalias') return rest.length === 1 && plainName(rest[0]);
  if (name === 'unset') {
    const r = args[0] === '-f' ? (args[1] === '--' ? args.slice(2) : args.slice(1)) : undefined;
    return r !== undefined && r.length === 1 && plainName(r[0]);
  }
  return false;
}
