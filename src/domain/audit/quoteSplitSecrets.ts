import { SECRET_SHAPES, shapeMatches } from './secretPatterns.js';

/**
 * `gh''p_…`, `gh\p_…`, `"gh"p_…`: the shell joins the pieces into one token, so a shape is also
 * searched in the text with quotes and backslashes removed, and the matching stretch of the
 * original text is replaced.
 */
export function redactQuoteSplitShapes(text: string): string {
  if (!/['"\\]/.test(text)) return text;
  // The joined text is built from slices between the removed characters, and `origin` maps each
  // of its characters back to the original text (a typed array: 256 KiB of quotes stays cheap).
  const n = text.length;
  const origin = new Int32Array(n);
  const pieces: string[] = [];
  let length = 0;
  let from = 0;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c !== 0x27 && c !== 0x22 && c !== 0x5c) {
      origin[length++] = i;
      continue;
    }
    pieces.push(text.slice(from, i));
    if (c === 0x5c && i + 1 < n) {
      i++;
      origin[length++] = i;
      from = i;
      continue;
    }
    if (c === 0x5c) {
      origin[length++] = i;
      from = i;
      continue;
    } // a trailing backslash stays
    from = i + 1;
  }
  pieces.push(text.slice(from));
  const joined = pieces.join('');
  const spans: Array<[number, number, string]> = [];
  for (const shape of SECRET_SHAPES) {
    for (const [start, end] of shapeMatches(shape, joined))
      spans.push([origin[start]!, origin[end - 1]! + 1, shape.label]);
  }
  if (spans.length === 0) return text;
  // Right to left, skipping a span that overlaps one already replaced; the pieces are joined
  // once at the end (re-slicing the whole text per span was O(spans × n)).
  spans.sort((a, b) => b[0] - a[0]);
  const parts: string[] = [];
  let limit = text.length;
  for (const [start, end, label] of spans) {
    if (end > limit) continue; // overlaps a span already replaced
    parts.push(text.slice(end, limit), `[REDACTED:${label}]`);
    limit = start;
  }
  parts.push(text.slice(0, limit));
  return parts.reverse().join('');
}
