/**
 * One shell word made only of single-quoted runs joined by escaped quotes: `'a'\''b'` or
 * `'a'"'"'b'`, the two ways agents quote a command for `eval`/`-c`. Nothing in such a word
 * expands, so its value is exactly the text between the quotes, which is what bash passes on.
 */
export const SINGLE_QUOTED_WORD_SOURCE = `(?:'[^']*'|\\\\'|"'")+`;

const PIECE = /'([^']*)'|\\'|"'"/y;

/** The value bash gives the word, or undefined when `text` is not exactly one such word. */
export function decodeSingleQuotedWord(text: string): string | undefined {
  if (!text.startsWith("'")) return undefined;
  let out = '';
  PIECE.lastIndex = 0;
  while (PIECE.lastIndex < text.length) {
    const at = PIECE.lastIndex;
    const m = PIECE.exec(text);
    if (!m || m.index !== at) return undefined;
    out += m[1] ?? "'";
  }
  return out;
}
