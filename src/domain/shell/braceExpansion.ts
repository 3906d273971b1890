const WORD_END = new Set([' ', '\t', '\n', ';', '|', '&', '<', '>', '(', ')']);

/**
 * Whether the unquoted `{` at `open` starts a brace expansion: a matching unquoted `}` in the same
 * word with an unquoted top-level `,` or `..` between. Quoted and escaped text is skipped, not a
 * stop: bash expands `{a,"b c"}` into `a` and `b c`. Errs towards "yes" (the command is refused).
 */
export function hasBraceExpansion(text: string, open: number): boolean {
  let depth = 0;
  let marked = false;
  for (let j = open; j < text.length; j++) {
    const c = text[j]!;
    if (WORD_END.has(c)) return false;
    if (c === '\\') { j++; continue; }
    if (c === "'") {
      const close = text.indexOf("'", j + 1);
      if (close < 0) return false;
      j = close;
      continue;
    }
    if (c === '"') {
      j = skipDoubleQuoted(text, j + 1);
      continue;
    }
    if (c === '{') depth++;
    else if (c === '}') {
      depth--;
      if (depth === 0) {
        if (marked) return true;
        return false;
      }
    } else if (depth === 1 && (c === ',' || (c === '.' && text[j + 1] === '.'))) marked = true;
  }
  return false;
}

/** Index of the closing `"` (or the end), honouring backslash escapes. */
function skipDoubleQuoted(text: string, from: number): number {
  for (let j = from; j < text.length; j++) {
    if (text[j] === '\\') j++;
    else if (text[j] === '"') return j;
  }
  return text.length;
}
