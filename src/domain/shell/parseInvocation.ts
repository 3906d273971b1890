/** How a `bash`/`sh` shim was invoked. */
export type ShellInvocation =
  | { kind: 'command'; script: string; login: boolean; interactive: boolean; argv0?: string; positional: string[]; flags: string[] }
  | { kind: 'script'; file: string; args: string[]; flags: string[] }
  | { kind: 'interactive'; flags: string[] }
  /** `--version` / `--help`: the shell prints text and runs nothing. */
  | { kind: 'info'; flags: string[] }
  | { kind: 'unsupported'; reason: string };

/**
 * Long options bash accepts before the short ones. `--rcfile`/`--init-file` (source an arbitrary
 * file), `--debugger`, `--dump-*` and `--pretty-print` are left out on purpose: unsupported.
 */
const LONG_OPTIONS = new Set(['--norc', '--noprofile', '--login', '--posix', '--noediting', '--restricted', '--verbose']);
const INFO_OPTIONS = new Set(['--version', '--help']);

/**
 * Single-letter options that do not change what the command text means. Left out on purpose:
 * `k` (assignments anywhere become environment: `ls LD_PRELOAD=x`), `p` (privileged), `D` (dump
 * strings), `O` (shopt can change parsing and globbing).
 */
const SHORT_OPTIONS = new Set([...'abefhmnrtuvxBCEHPT']);

/** `set -o` names that are safe to pass through; `keyword` (= `-k`) and `privileged` are not. */
const SET_O_NAMES = new Set([
  'allexport', 'braceexpand', 'emacs', 'errexit', 'errtrace', 'functrace', 'hashall', 'histexpand', 'history',
  'ignoreeof', 'interactive-comments', 'monitor', 'noclobber', 'noexec', 'noglob', 'nolog', 'notify', 'nounset',
  'onecmd', 'physical', 'pipefail', 'posix', 'verbose', 'vi', 'xtrace',
]);

/**
 * Parses what a shell received after argv0 with bash's own rules: long options first, then
 * short option clusters (`-lc`, `+x`, `-o name`), where `-c` only marks that the first
 * non-option argument is the command string, even when more options follow (`-c -l S`).
 * `--` or a lone `-` ends options. Anything this does not understand is `unsupported`.
 */
export function parseShellInvocation(args: readonly string[]): ShellInvocation {
  const flags: string[] = [];
  let i = 0;
  let login = false;
  let info = false;
  for (; i < args.length; i++) {
    const a = args[i]!;
    if (!a.startsWith('--') || a === '--') break;
    if (INFO_OPTIONS.has(a)) info = true;
    else if (!LONG_OPTIONS.has(a)) return { kind: 'unsupported', reason: `unsupported shell option ${JSON.stringify(a)}` };
    if (a === '--login') login = true;
    flags.push(a);
  }
  if (info) return { kind: 'info', flags };

  let command = false;
  let interactive = false;
  let stdin = false;
  for (; i < args.length; i++) {
    const a = args[i]!;
    if (a === '--' || a === '-') { flags.push(a); i++; break; }
    if (a.startsWith('--')) {
      return { kind: 'unsupported', reason: `long option ${JSON.stringify(a)} after short options (bash refuses it)` };
    }
    if (!(a.startsWith('-') || a.startsWith('+')) || a.length < 2) break;
    flags.push(a);
    const on = a[0] === '-';
    for (const letter of a.slice(1)) {
      if (letter === 'o') {
        const name = args[++i];
        if (name === undefined) return { kind: 'unsupported', reason: `${a}: -o needs an option name` };
        if (!SET_O_NAMES.has(name)) return { kind: 'unsupported', reason: `unsupported set option ${JSON.stringify(name)}` };
        flags.push(name);
      } else if (on && letter === 'c') command = true;
      else if (on && letter === 'l') login = true;
      else if (on && letter === 'i') interactive = true;
      else if (on && letter === 's') stdin = true;
      else if (!SHORT_OPTIONS.has(letter)) {
        return { kind: 'unsupported', reason: `unsupported shell option ${JSON.stringify(`${a[0]}${letter}`)}` };
      }
    }
  }

  const rest = args.slice(i);
  if (command) {
    const [script, argv0, ...positional] = rest;
    if (script === undefined) return { kind: 'unsupported', reason: '-c without a command string' };
    return argv0 === undefined
      ? { kind: 'command', script, login, interactive, positional: [], flags }
      : { kind: 'command', script, login, interactive, argv0, positional, flags };
  }
  if (stdin || rest.length === 0) return { kind: 'interactive', flags };
  const [file, ...scriptArgs] = rest;
  return { kind: 'script', file: file!, args: scriptArgs, flags };
}
