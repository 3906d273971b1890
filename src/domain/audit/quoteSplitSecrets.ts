import { SECRET_SHAPES, shapeMatches } from './secretPatterns.js';

/**
 * `gh''p_…`, `gh\p_…`, `"gh"p_…`: the shell joins the pieces into one token, so a shape is also
 * searched in the text with quotes and backslashes removed, and the matching stretch of the
 * original text is replaced.
 */
export function redactQuoteSplitShapes(text: string): string {
  if (!/['"\\]/.test(text)) return text;
  const kept: string[] = [];
  const origin: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === "'" || c === '"') continue;
    if (c === '\\' && i + 1 < text.length) { i++; kept.push(text[i]!); origin.push(i); continue; }
    kept.push(c);
    origin.push(i);
  }
  const joined = kept.join('');
  const spans: Array<[number, number, string]> = [];
  for (const shape of SECRET_SHAPES) {
    for (const [start, end] of shapeMatches(shape, joined)) spans.push([origin[start]!, origin[end - 1]! + 1, shape.label]);
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
