// GNU tar's command line in one reading. The old style (`tar cbf 20 out.tar src`) is a first word
// of letters without a dash whose value letters take their values from the following words, in
// order: `b` gets `20`, `f` gets `out.tar`. Read any other way, the archive is the wrong word
// (review pass of 1 Dec 2026: `tar cbf 20 ~/.bashrc src` was allowed).

/** Short options that take a value. */
export const TAR_SHORT_VALUES = 'CfgIKNTVXbH';

/** The argv in dash form: the old-style first word split into one option per letter, values in order. */
export function tarDashArgs(args: readonly string[]): string[] {
  const first = args[0];
  if (first === undefined || first.startsWith('-')) return [...args];
  const rest = args.slice(1);
  const out: string[] = [];
  for (const letter of first) {
    out.push(`-${letter}`);
    if (TAR_SHORT_VALUES.includes(letter)) out.push(rest.shift() ?? '');
  }
  return [...out, ...rest];
}
