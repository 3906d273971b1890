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
    } else if (isBlank(c)) {
      return j;
    } else {
      j++;
    }
  }
  return j;
}

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
