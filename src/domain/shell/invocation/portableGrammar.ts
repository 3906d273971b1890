import { fromOperands, unsupported, type OptionState, type ShellInvocation } from './types.js';

/**
 * For shells shimctl does not model (zsh, ksh, mksh, busybox ash, yash, posh): only `-` clusters of
 * letters that mean the same in all of them, before the first operand. No `+`, `-o`, `--` or long
 * options (zsh's `-b` ends options, ksh's `-o` names differ, and so on): those are refused.
 */
const LETTERS: Readonly<Record<string, keyof OptionState | null>> = {
  c: 'command',
  l: 'login',
  i: 'interactive',
  e: null,
  u: null,
  x: null,
  v: null,
  n: null,
};

export function parsePortableInvocation(args: readonly string[]): ShellInvocation {
  const state: OptionState = { flags: [], command: false, login: false, interactive: false, stdin: false };
  let i = 0;
  for (; i < args.length; i++) {
    const a = args[i]!;
    if (!a.startsWith('-') && !a.startsWith('+')) break;
    if (!/^-[a-z]+$/.test(a))
      return unsupported(
        `unsupported shell option ${JSON.stringify(a)} (this shell's options are not modelled beyond -c, -l, -i, -e, -u, -x, -v, -n)`,
      );
    for (const letter of a.slice(1)) {
      if (!(letter in LETTERS))
        return unsupported(
          `unsupported shell option "-${letter}" (this shell's options are not modelled beyond -c, -l, -i, -e, -u, -x, -v, -n)`,
        );
      const field = LETTERS[letter];
      if (field === 'command' || field === 'login' || field === 'interactive') state[field] = true;
    }
    state.flags.push(a);
  }
  return fromOperands(state, args.slice(i));
}
