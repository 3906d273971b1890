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

/** The `NAME=` / `NAME+=` prefix of a word, read once per word. */
export interface AssignmentPrefix {
  /** Length of `NAME=` or `NAME+=` in the word's source text. */
  length: number;
  plus: boolean;
}

const ENDS_PREFIX = new Set([undefined, '/', ' ', '\t', '\n', ';', '|', '&', '<', '>', '(', ')']);
const USER_CHAR = /[A-Za-z0-9_.+-]/;
const ASSIGNMENT_PREFIX = /^[A-Za-z_][A-Za-z0-9_]*(\+?)=/;

export function readAssignmentPrefix(raw: string): AssignmentPrefix | null {
  const m = ASSIGNMENT_PREFIX.exec(raw);
  return m ? { length: m[0].length, plus: m[1] === '+' } : null;
}

/** A `~` at the start of a word. A `:` after it ends the prefix in bash but not in dash. */
export function tildeAtWordStart(text: string, i: number, home: string): TildeDecision {
  const next = text[i + 1];
  if (ENDS_PREFIX.has(next)) return { kind: 'expand', value: home, end: i + 1 };
  if (next === ':') return { kind: 'ambiguous' };
  if (USER_CHAR.test(next!)) return { kind: 'user' };
  return { kind: 'literal' };
}

export interface InWordTilde {
  /** Offset of the `~` from the start of the word's source text. */
  offset: number;
  assignment: AssignmentPrefix | null;
  /** The character before the `~` was an unquoted literal. */
  afterPlain: boolean;
  /** No command word came yet: this word is a leading assignment if it looks like one. */
  leading: boolean;
}

/** A `~` inside a word. */
export function tildeInWord(text: string, i: number, home: string, at: InWordTilde): TildeDecision {
  const prev = text[i - 1];
  if (!at.afterPlain || !at.assignment || (prev !== ':' && prev !== '=')) return { kind: 'literal' };
  if (prev === '=' && at.offset !== at.assignment.length) return { kind: 'literal' };
  if (prev === ':' && at.offset < at.assignment.length) return { kind: 'literal' };
  const next = text[i + 1];
  if (USER_CHAR.test(next ?? '')) return { kind: 'user' };
  if (!ENDS_PREFIX.has(next) && next !== ':') return { kind: 'literal' };
  // `NAME+=` is an assignment to bash only; dash runs it as a command name.
  if (!at.leading || at.assignment.plus) return { kind: 'ambiguous' };
  return { kind: 'expand', value: home, end: i + 1 };
}
