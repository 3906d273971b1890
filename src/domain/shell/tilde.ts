/**
 * Tilde expansion decisions, kept to what bash and dash agree on. Both expand a `~` that starts a
 * word, and in a leading `NAME=value` assignment a `~` right after the `=` or after a `:`; only
 * bash also does that inside arguments that look like assignments (`key=~/x`), so those are
 * refused as ambiguous rather than guessed.
 */
export type TildeDecision =
  | { kind: 'expand'; value: string; end: number }
  | { kind: 'literal' }
  | { kind: 'user' }
  | { kind: 'ambiguous' };

const ENDS_PREFIX = new Set([undefined, '/', ' ', '\t', '\n', ';', '|', '&', '<', '>', '(', ')']);
const USER_CHAR = /[A-Za-z0-9_.+-]/;
const ASSIGNMENT_PREFIX = /^[A-Za-z_][A-Za-z0-9_]*(\+?)=/;
const EXACT_ASSIGNMENT_PREFIX = /^[A-Za-z_][A-Za-z0-9_]*\+?=$/;

/** A `~` at the start of a word. A `:` after it ends the prefix in bash but not in dash. */
export function tildeAtWordStart(text: string, i: number, home: string): TildeDecision {
  const next = text[i + 1];
  if (ENDS_PREFIX.has(next)) return { kind: 'expand', value: home, end: i + 1 };
  if (next === ':') return { kind: 'ambiguous' };
  if (USER_CHAR.test(next!)) return { kind: 'user' };
  return { kind: 'literal' };
}

/**
 * A `~` inside a word. `raw` is the word's source text before the `~`; `afterPlain` says the
 * character just before it was an unquoted literal; `leading` says no command word came yet.
 */
export function tildeInWord(text: string, i: number, home: string, raw: string, afterPlain: boolean, leading: boolean): TildeDecision {
  const prev = raw[raw.length - 1];
  const assignment = ASSIGNMENT_PREFIX.exec(raw);
  if (!afterPlain || !assignment) return { kind: 'literal' };
  const afterSeparator = prev === ':' || (prev === '=' && EXACT_ASSIGNMENT_PREFIX.test(raw));
  if (!afterSeparator) return { kind: 'literal' };
  const next = text[i + 1];
  const wouldExpand = ENDS_PREFIX.has(next) || next === ':';
  if (USER_CHAR.test(next ?? '')) return { kind: 'user' };
  if (!wouldExpand) return { kind: 'literal' };
  // `NAME+=` is an assignment to bash only; dash runs it as a command name.
  if (!leading || assignment[1] === '+') return { kind: 'ambiguous' };
  return { kind: 'expand', value: home, end: i + 1 };
}
