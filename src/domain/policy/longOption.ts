/**
 * GNU getopt_long, git's parse-options and curl all accept any unambiguous prefix of a long
 * option (`--exe` is `--exec`, `--upload-p` is `--upload-pack`), so comparing option words
 * with `===` or `startsWith('--name=')` misses abbreviations. Every option parser in the
 * policy resolves long options here.
 *
 * Tables need not be complete: a word that is a prefix of several names resolves to all of
 * them (`ambiguous`), and callers treat it as the most dangerous candidate. A complete table
 * only removes false alarms.
 */
export interface LongOptionMatch {
  /** Every table name the word can mean: one for an exact or unique prefix, more when ambiguous. */
  names: readonly string[];
  /** The `=value` part, when attached. */
  value: string | undefined;
  ambiguous: boolean;
}

/** Resolves `--pre` or `--pre=value` against `table` (names written with their `--`). */
export function matchLongOption(word: string, table: readonly string[]): LongOptionMatch | undefined {
  if (!word.startsWith('--') || word.length < 3) return undefined;
  const eq = word.indexOf('=');
  const name = eq < 0 ? word : word.slice(0, eq);
  const value = eq < 0 ? undefined : word.slice(eq + 1);
  if (table.includes(name)) return { names: [name], value, ambiguous: false };
  const names = table.filter((t) => t.startsWith(name));
  if (names.length === 0) return undefined;
  return { names, value, ambiguous: names.length > 1 };
}

/** Whether the word can mean `option` (exactly, abbreviated, or as one reading of an ambiguous prefix). */
export function longOptionIs(word: string, option: string, table: readonly string[]): boolean {
  const m = matchLongOption(word, table);
  return m?.names.includes(option) === true;
}

/**
 * Values of the given options in `args`: `--opt=v`, `--opt v` (long, abbreviations included),
 * `-X v` and `-Xv` (short, when `short` lists the letter with its dash). `table` is the program's
 * long-option table; the options asked for are added to it.
 */
export function optionValuesOf(
  args: readonly string[],
  longs: readonly string[],
  shorts: readonly string[],
  table: readonly string[] = [],
): string[] {
  const all = [...new Set([...table, ...longs])];
  const out: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === '--') break;
    if (a.startsWith('--')) {
      const m = matchLongOption(a, all);
      if (m?.names.some((n) => longs.includes(n))) {
        if (m.value !== undefined) out.push(m.value);
        else out.push(args[++i] ?? '');
      }
      continue;
    }
    for (const s of shorts) {
      if (a === s) out.push(args[i + 1] ?? '');
      // zip's own parser also takes `-TT=cmd`; getopt keeps a `=` after a one-letter option.
      else if (a.startsWith(s) && a.length > s.length)
        out.push(s.length > 2 ? a.slice(s.length).replace(/^=/, '') : a.slice(s.length));
    }
  }
  return out;
}

/** `optionValuesOf` with long and short names in one list (`['--to-command', '-I']`). */
export function namedOptionValues(
  args: readonly string[],
  names: readonly string[],
  table: readonly string[] = [],
): string[] {
  return optionValuesOf(
    args,
    names.filter((n) => n.startsWith('--')),
    names.filter((n) => !n.startsWith('--')),
    table,
  );
}
