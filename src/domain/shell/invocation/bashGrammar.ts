import { fromOperands, unsupported, type OptionState, type ShellInvocation } from './types.js';

/**
 * bash 5.2's long option table (shell.c `long_args`), every name it knows. bash reads each of
 * them with one dash as well as two (`-rcfile F` is `--rcfile F`), matches names exactly (no
 * abbreviations, no `=value`), and only before the first short option. `null` = known to bash,
 * refused here, with why.
 */
const LONG: ReadonlyMap<string, { login?: true; info?: true } | { refused: string }> = new Map([
  ['login', { login: true }],
  ['noediting', {}],
  ['noprofile', {}],
  ['norc', {}],
  ['posix', {}],
  ['restricted', {}],
  ['verbose', {}],
  ['help', { info: true }],
  ['version', { info: true }],
  ['rcfile', { refused: 'sources the file named by the next argument' }],
  ['init-file', { refused: 'sources the file named by the next argument' }],
  ['debugger', { refused: 'sources the bashdb start file' }],
  ['debug', { refused: 'a debugging switch the review does not model' }],
  ['dump-strings', { refused: 'prints translatable strings instead of running the text' }],
  ['dump-po-strings', { refused: 'prints translatable strings instead of running the text' }],
  ['pretty-print', { refused: 'pretty-prints instead of running' }],
]);

/**
 * Letters `set` takes that do not change what the text means or which files are read. Refused:
 * `k` (assignments anywhere become environment: `ls LD_PRELOAD=x`), `p` (privileged: skips
 * BASH_ENV, where the guard lives). `+B` is refused below (brace expansion off changes words).
 */
const LETTERS = new Set([...'abefhmnrtuvxBCEHPT']);

/** `set -o` names with the same standing. Not here: keyword, privileged, interactive-comments. */
const SET_O = new Set([
  'allexport',
  'braceexpand',
  'emacs',
  'errexit',
  'errtrace',
  'functrace',
  'hashall',
  'histexpand',
  'history',
  'ignoreeof',
  'monitor',
  'noclobber',
  'noexec',
  'noglob',
  'nolog',
  'notify',
  'nounset',
  'onecmd',
  'physical',
  'pipefail',
  'posix',
  'verbose',
  'vi',
  'xtrace',
]);

/**
 * `-O`/`+O` shopt names that touch only history, completion, job control, messages or errexit.
 * Everything else is refused: they change parsing (extglob, interactive_comments, compat*),
 * globbing (dotglob, nullglob, failglob, globstar, nocaseglob, ...), expansion (patsub_replacement,
 * expand_aliases, xpg_echo), what runs (autocd, cdspell, cdable_vars, sourcepath, execfail,
 * lastpipe) or source a file (extdebug starts the debugger).
 */
const SHOPT = new Set([
  'checkhash',
  'checkjobs',
  'checkwinsize',
  'cmdhist',
  'complete_fullquote',
  'force_fignore',
  'gnu_errfmt',
  'histappend',
  'histreedit',
  'histverify',
  'hostcomplete',
  'huponexit',
  'inherit_errexit',
  'lithist',
  'mailwarn',
  'no_empty_cmd_completion',
  'progcomp',
  'shift_verbose',
]);

/** The name of a `-o`/`-O` argument that may pass, or why not. */
function optionName(
  set: ReadonlySet<string>,
  what: string,
  sign: string,
  letter: string,
  name: string | undefined,
): string | undefined {
  if (name === undefined)
    return `${sign}${letter} needs an option name (without one bash lists the options and goes on)`;
  if (!set.has(name)) return `unsupported ${what} ${JSON.stringify(name)} (${sign}${letter})`;
  if (sign === '+' && name === 'braceexpand')
    return '+o braceexpand: brace expansion off changes the words the review saw';
  return undefined;
}

/**
 * bash's `main`: `parse_long_options`, then `parse_shell_options`. `--help`/`--version` stop bash
 * right after the long options. In the short phase `c`, `l`, `s` and `D` ignore the sign (`+c` is
 * `-c`): refused as disguises. `-o`/`-O` take the next argument, also from inside a cluster.
 */
export function parseBashInvocation(args: readonly string[]): ShellInvocation {
  const state: OptionState = { flags: [], command: false, login: false, interactive: false, stdin: false };
  let i = 0;
  let info = false;
  for (; i < args.length; i++) {
    const a = args[i]!;
    if (!a.startsWith('-')) break;
    const double = a.startsWith('--') && a.length > 2;
    const name = a.slice(double ? 2 : 1);
    const spec = LONG.get(name);
    if (spec === undefined) {
      if (double) return unsupported(`unsupported shell option ${JSON.stringify(a)} (bash refuses it: invalid option)`);
      break; // not a long name: the short options start here
    }
    if ('refused' in spec)
      return unsupported(
        `unsupported shell option ${JSON.stringify(a)}: bash reads it as --${name}, which ${spec.refused}`,
      );
    if (spec.login) state.login = true;
    if (spec.info) info = true;
    state.flags.push(a);
  }
  if (info) return { kind: 'info', flags: state.flags };

  for (; i < args.length; i++) {
    const a = args[i]!;
    if (a === '--' || a === '-') {
      state.flags.push(a);
      i++;
      break;
    }
    if (a.startsWith('--'))
      return unsupported(`long option ${JSON.stringify(a)} after short options (bash refuses it)`);
    if (!a.startsWith('-') && !a.startsWith('+')) break;
    state.flags.push(a);
    const sign = a[0]!;
    let next = i + 1;
    for (const letter of a.slice(1)) {
      if (letter === 'o' || letter === 'O') {
        const name = args[next++];
        const bad =
          letter === 'o'
            ? optionName(SET_O, 'set option', sign, letter, name)
            : optionName(SHOPT, 'shopt option', sign, letter, name);
        if (bad) return unsupported(bad);
        state.flags.push(name!);
      } else if (letter === 'i') state.interactive = sign === '-';
      else if (sign === '+' && 'clsD'.includes(letter))
        return unsupported(`unsupported shell option "+${letter}" (bash reads it as -${letter})`);
      else if (letter === 'c') state.command = true;
      else if (letter === 'l') state.login = true;
      else if (letter === 's') state.stdin = true;
      else if (sign === '+' && letter === 'B')
        return unsupported('+B: brace expansion off changes the words the review saw');
      else if (!LETTERS.has(letter))
        return unsupported(`unsupported shell option ${JSON.stringify(`${sign}${letter}`)}`);
    }
    i = next - 1;
  }
  return fromOperands(state, args.slice(i));
}
