/**
 * What the tokenizer hands the expansion stage for a word holding `$NAME`, `${NAME}`, `$?`, `$!`
 * or an unquoted glob: the word's pieces in order, each marked quoted or not, so the review can
 * substitute, split and glob exactly as bash would (docs/shell.md "Expansions and globs").
 */
export type Piece = { kind: 'text'; text: string; quoted: boolean } | { kind: 'var'; name: string; quoted: boolean };

export interface WordPlan {
  /** Index of the word in `words`. */
  index: number;
  pieces: Piece[];
  /** A leading `NAME=value` word: bash neither splits nor globs its value. */
  assignment: boolean;
  /** The word holds an unquoted glob character. */
  glob: boolean;
}

/** A word list that can be judged once its expansions are done (tokenize with `expand`). */
export interface Expandable {
  /** The words with each expansion left as written (never judged as such). */
  words: string[];
  /** Where each word lies in the tokenized text: [start, end) offsets. */
  spans: Array<[number, number]>;
  plans: WordPlan[];
}

/** `$?` and `$!`: values only the running shell knows. */
export const SPECIAL_PARAMS = new Set(['?', '!']);
