/**
 * The end of one shell word starting at `start`, read exactly as the redaction patterns' VALUE
 * regex reads it greedily: `'…'` and `"…"` (an unclosed quote runs to the end of the text),
 * backslash pairs, and any other non-blank character. Returns `start` when not even one piece
 * matches (a blank, the end of the text, a lone trailing backslash, or a `"` whose text ends in
 * a lone backslash). One pass, no backtracking.
 */
export function shellValueEnd(text: string, start: number): number {
  const n = text.length;
  let j = start;
  while (j < n) {
    const c = text.charCodeAt(j);
    if (c === 0x27) {
      const close = text.indexOf("'", j + 1);
      j = close < 0 ? n : close + 1;
    } else if (c === 0x22) {
      const end = doubleQuotedEnd(text, j);
      if (end < 0) return j;
      j = end;
    } else if (c === 0x5c) {
      if (j + 1 >= n) return j;
      j += 2;
    } else if (isBlank(c) || OPERATOR_CHARS.has(text[j]!)) {
      // An unquoted operator character ends the word (attack pass 14: `X=secret;rm -f f`).
      return j;
    } else {
      j++;
    }
  }
  return j;
}

/** Characters that end an unquoted shell word: an operator begins there. */
const OPERATOR_CHARS = new Set([';', '&', '|', '<', '>', '(', ')']);

/** After `"(?:[^"\\]|\\[\s\S])*(?:"|$)` from `open`, or -1 when it cannot match. */
function doubleQuotedEnd(text: string, open: number): number {
  const n = text.length;
  let k = open + 1;
  while (k < n) {
    const c = text.charCodeAt(k);
    if (c === 0x22) return k + 1;
    if (c === 0x5c) {
      if (k + 1 >= n) return -1;
      k += 2;
    } else k++;
  }
  return n;
}

/** A blank as the regex `\s` defines it (ASCII blanks, NBSP, the Unicode spaces, BOM). */
export function isBlank(c: number): boolean {
  return (
    (c >= 9 && c <= 13) ||
    c === 32 ||
    c === 0xa0 ||
    c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200a) ||
    c === 0x2028 ||
    c === 0x2029 ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x3000 ||
    c === 0xfeff
  );
}

/** The end of the run of blanks starting at `start`. */
export function blanksEnd(text: string, start: number): number {
  let j = start;
  while (j < text.length && isBlank(text.charCodeAt(j))) j++;
  return j;
}

/**
 * The quote open at each position of shell text, read left to right once: `'…'`, `"…"` with
 * backslash escapes, backslash pairs and comments outside quotes. Positions asked must not
 * decrease, so one text costs one pass however many assignments it holds.
 */
export class QuoteTracker {
  private pos = 0;
  private open = 0;
  /** Whether a blank stands between the open quote and the position reached. */
  private blankInside = false;
  constructor(private readonly text: string) {}

  /**
   * The quote (0x27 or 0x22) that opens the word holding `target`: open just before it, with no
   * blank between it and `target` (`"password=…`, `-e 'TOKEN=…`), else 0. A quote the reading
   * may have got wrong (an apostrophe in prose, `can't … PASSWORD=x' y'`) is left out so: it
   * is far more often across a blank than right before the name.
   */
  wordQuoteAt(target: number): number {
    this.advance(target);
    return this.blankInside ? 0 : this.open;
  }

  private advance(target: number): void {
    const text = this.text;
    while (this.pos < target) {
      const c = text.charCodeAt(this.pos);
      if (this.open === 0x27) {
        if (c === 0x27) this.open = 0;
        else if (isBlank(c)) this.blankInside = true;
      } else if (c === 0x5c) {
        // An escaped character cannot open or close a quote (a pair may step past `target`: the
        // state there is the same).
        if (this.open !== 0 && isBlank(text.charCodeAt(this.pos + 1))) this.blankInside = true;
        this.pos += 2;
        continue;
      } else if (c === 0x22) this.open = this.open === 0x22 ? 0 : 0x22;
      else if (this.open === 0x22) {
        if (isBlank(c)) this.blankInside = true;
      } else if (c === 0x27) this.open = 0x27;
      else if (c === 0x23 && this.startsWord()) {
        // A comment: its quotes (`# don't`) open nothing.
        const eol = text.indexOf('\n', this.pos);
        this.pos = eol < 0 ? text.length : eol;
        continue;
      }
      if (this.open === 0) this.blankInside = false;
      this.pos++;
    }
  }

  /** Whether an unquoted `#` at the current position starts a word (and so a comment). */
  private startsWord(): boolean {
    if (this.pos === 0) return true;
    return isBlank(this.text.charCodeAt(this.pos - 1)) || WORD_END.has(this.text[this.pos - 1]!);
  }
}

/** Characters that end a shell word where they stand unquoted (an operator begins). */
const WORD_END = new Set([';', '&', '|', '(', ')', '<', '>']);

/**
 * Where a value that starts inside an open quote `quote` ends at that quote's closing character
 * (`echo "password=x" && rm`: before the second `"`, which stays in the text), or undefined when
 * it does not: a blank or the end of the text comes first, or the shell word goes on after the
 * quote (`"password="abc`). Then the value is read as shellValueEnd reads it, as before: only
 * a value closed by its quote at the end of its word is read differently.
 */
export function quotedValueEnd(text: string, start: number, quote: number): number | undefined {
  const n = text.length;
  let j = start;
  while (j < n) {
    const c = text.charCodeAt(j);
    if (c === quote) break;
    if (isBlank(c)) return undefined;
    j += quote === 0x22 && c === 0x5c && j + 1 < n ? 2 : 1;
  }
  if (j >= n) return undefined;
  const after = j + 1;
  return after >= n || isBlank(text.charCodeAt(after)) || WORD_END.has(text[after]!) ? j : undefined;
}
