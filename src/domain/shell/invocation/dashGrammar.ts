import { fromOperands, unsupported, type OptionState, type ShellInvocation } from './types.js';

/**
 * dash 0.5.12's `set` letters (options.c `optletters`), less `p` (privileged). dash has no long
 * options: `--norc`, `-rcfile` and `--version` are clusters of letters to it, and it stops with
 * "Illegal option" at the first one it does not know.
 */
const LETTERS = new Set([...'abefmnuvxCEIV']);

/** dash's `-o` names with the same standing. Not here: privileged, debug, and interactive/stdin (the -i/-s switches under other names). */
const SET_O = new Set([
  'errexit',
  'noglob',
  'ignoreeof',
  'monitor',
  'noexec',
  'xtrace',
  'verbose',
  'vi',
  'emacs',
  'noclobber',
  'allexport',
  'notify',
  'nounset',
  'nolog',
]);

/**
 * dash's `procargs`/`options(1)`: arguments starting with `-` or `+` are letter clusters until a
 * lone `-` or `--` (consumed) or the first operand. `c` and `l` ignore the sign (`+c` is `-c`):
 * refused as disguises. `-o` takes the next argument, also from inside a cluster.
 * `-s` together with `-c` is refused: dash runs the text and then goes on reading commands from
 * stdin, which nobody reviewed.
 */
export function parseDashInvocation(args: readonly string[]): ShellInvocation {
  // `--help`/`--version` first: dash stops at once ("Illegal option --", status 2) and runs nothing,
  // which is what bash's info request promises too; the shim hands it only that flag.
  if (args[0] === '--help' || args[0] === '--version') return { kind: 'info', flags: [args[0]] };
  const state: OptionState = { flags: [], command: false, login: false, interactive: false, stdin: false };
  let i = 0;
  for (; i < args.length; i++) {
    const a = args[i]!;
    if (a === '--' || a === '-') {
      state.flags.push(a);
      i++;
      break;
    }
    if (!a.startsWith('-') && !a.startsWith('+')) break;
    state.flags.push(a);
    const sign = a[0]!;
    let next = i + 1;
    for (const letter of a.slice(1)) {
      if (letter === 'o') {
        const name = args[next++];
        if (name === undefined)
          return unsupported(`${sign}o needs an option name (without one dash lists the options and goes on)`);
        if (!SET_O.has(name)) return unsupported(`unsupported set option ${JSON.stringify(name)} (${sign}o)`);
        state.flags.push(name);
      } else if (letter === 'i') state.interactive = sign === '-';
      else if (letter === 's') state.stdin = sign === '-';
      else if (sign === '+' && (letter === 'c' || letter === 'l'))
        return unsupported(`unsupported shell option "+${letter}" (dash reads it as -${letter})`);
      else if (letter === 'c') state.command = true;
      else if (letter === 'l') state.login = true;
      else if (letter === '-')
        return unsupported(`unsupported shell option ${JSON.stringify(a)}: dash has no long options (it refuses "--")`);
      else if (!LETTERS.has(letter))
        return unsupported(`unsupported shell option ${JSON.stringify(`${sign}${letter}`)}`);
    }
    i = next - 1;
  }
  if (state.command && state.stdin)
    return unsupported('-s with -c: dash runs the text, then reads more commands from stdin, unreviewed');
  return fromOperands(state, args.slice(i));
}
