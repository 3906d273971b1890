const WORD_END = new Set([' ', '\t', '\n', ';', '|', '&', '<', '>', '(', ')']);

export interface BraceScan {
  /** Some unquoted `{…}` in the word has an unquoted top-level `,` or `..`: bash would expand it. */
  expands: boolean;
  /** Index just past the scanned word: later `{` before it need no second scan. */
  end: number;
}

/**
 * One pass from the first unquoted `{` of a word to the word's end, with a stack of open braces.
 * Quoted and escaped text is skipped, not a stop: bash expands `{a,"b c"}` into `a` and `b c`.
 * Linear in the word, so a long run of `{` cannot make review slow. Errs towards "expands".
 */
export function scanBraces(text: string, open: number): BraceScan {
  const marked: boolean[] = [];
  let expands = false;
  let j = open;
  for (; j < text.length; j++) {
    const c = text[j]!;
    if (WORD_END.has(c)) break;
    if (c === '\\') {
      j++;
      continue;
    }
    if (c === "'") {
      const close = text.indexOf("'", j + 1);
      if (close < 0) {
        j = text.length;
        break;
      }
      j = close;
      continue;
    }
    if (c === '"') {
      j = skipDoubleQuoted(text, j + 1);
      continue;
    }
    if (c === '{') marked.push(false);
    else if (c === '}') {
      if (marked.pop()) expands = true;
    } else if (marked.length > 0 && (c === ',' || (c === '.' && text[j + 1] === '.'))) {
      marked[marked.length - 1] = true;
    }
  }
  return { expands, end: j };
}

/** Index of the closing `"` (or the end), honouring backslash escapes. */
function skipDoubleQuoted(text: string, from: number): number {
  for (let j = from; j < text.length; j++) {
    if (text[j] === '\\') j++;
    else if (text[j] === '"') return j;
  }
  return text.length;
}
