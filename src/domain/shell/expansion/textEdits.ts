/**
 * A replacement of text[start, end): how the reviewed expansion is written into the text that runs.
 * `original` is the source the judged word was read from: an edit computed in other coordinates
 * (a shortened envelope, a sourced body) then cannot land on other text.
 */
export interface TextEdit {
  start: number;
  end: number;
  replacement: string;
  original?: string;
}

/**
 * Applies non-overlapping edits; `undefined` if they overlap, fall outside the text, or the text
 * at an edit is not the word it was computed from (the caller refuses).
 */
export function applyEdits(text: string, edits: readonly TextEdit[]): string | undefined {
  const sorted = [...edits].sort((a, b) => a.start - b.start);
  let out = '';
  let at = 0;
  for (const e of sorted) {
    if (e.start < at || e.end < e.start || e.end > text.length) return undefined;
    if (e.original !== undefined && text.slice(e.start, e.end) !== e.original) return undefined;
    out += text.slice(at, e.start) + e.replacement;
    at = e.end;
  }
  return out + text.slice(at);
}

/** A single-quoted shell word with the value `s` (`'` written as `'\''`). */
export function singleQuote(s: string): string {
  return `'${s.replaceAll("'", "'\\''")}'`;
}

const BARE = /^[A-Za-z0-9_./,:@%+-]+$/;

/** A word bash reads back as `s`; bare when nothing in it is special to the shell. */
export function shellQuote(s: string): string {
  return BARE.test(s) ? s : singleQuote(s);
}
