import { matchLongOption } from '../../../policy/longOption.js';

/**
 * `-s`/`--strategy NAME` of merge, pull, rebase, cherry-pick and revert: a name git does not
 * build in makes it exec `git-merge-NAME` (merge-recursive.c, sequencer.c `try_merge_command`),
 * and a name with a slash is a path, relative to the cwd (attack pass 8, P8-03). Only the
 * built-in strategies are proven to run nothing else.
 */
export const BUILTIN_STRATEGIES: ReadonlySet<string> = new Set([
  'ort',
  'recursive',
  'resolve',
  'octopus',
  'ours',
  'subtree',
]);

/**
 * Per subcommand: the short letter for --strategy ('' when `-s` is --signoff there, as in
 * cherry-pick and revert), and the short letters that take the rest of the word or the next
 * word as their value (required values only: an optional one left out costs a false ask,
 * never a missed strategy).
 */
const SHORTS: Readonly<Record<string, { strategy: string; values: string }>> = {
  merge: { strategy: 's', values: 'sXmF' },
  pull: { strategy: 's', values: 'sXo' },
  rebase: { strategy: 's', values: 'sXxC' },
  'cherry-pick': { strategy: '', values: 'Xm' },
  revert: { strategy: '', values: 'Xm' },
};
// `--strategy-option` shares the prefix: an ambiguous abbreviation counts as --strategy.
const LONGS = ['--strategy', '--strategy-option'];

/** The strategy names `git SUB ARGS` asks for (none for other subcommands). */
export function mergeStrategies(sub: string | undefined, rest: readonly string[]): string[] {
  const spec = sub !== undefined && Object.hasOwn(SHORTS, sub) ? SHORTS[sub]! : undefined;
  if (!spec) return [];
  const out: string[] = [];
  for (let i = 0; i < rest.length; i++) {
    const a = rest[i]!;
    if (a === '--') break;
    if (a.startsWith('--')) {
      const m = matchLongOption(a, LONGS);
      if (m?.names.includes('--strategy')) out.push(m.value ?? rest[++i] ?? '');
      else if (m) i += m.value === undefined ? 1 : 0;
      continue;
    }
    if (!/^-[^-]/.test(a)) continue;
    for (let c = 1; c < a.length; c++) {
      const letter = a[c]!;
      if (!spec.values.includes(letter)) continue;
      const value = c + 1 < a.length ? a.slice(c + 1) : rest[++i];
      if (letter === spec.strategy) out.push(value ?? '');
      break;
    }
  }
  return out;
}

/** The first strategy of `git SUB ARGS` that is not built in, or undefined. */
export function foreignStrategy(sub: string | undefined, rest: readonly string[]): string | undefined {
  return mergeStrategies(sub, rest).find((s) => !BUILTIN_STRATEGIES.has(s));
}
