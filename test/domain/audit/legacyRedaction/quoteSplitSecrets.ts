// Frozen copy of the redactor before issue 17 (commit 418b3d9): the oracle the linear-time
// rewrite is held to (test/domain/audit/redactionLinear.test.ts). Never imported by src/.
import { SECRET_SHAPES } from './secretPatterns.js';

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
    if (c === '\\' && i + 1 < text.length) {
      i++;
      kept.push(text[i]!);
      origin.push(i);
      continue;
    }
    kept.push(c);
    origin.push(i);
  }
  const joined = kept.join('');
  const spans: Array<[number, number, string]> = [];
  for (const { label, re } of SECRET_SHAPES) {
    for (const m of joined.matchAll(new RegExp(re.source, re.flags.includes('g') ? re.flags : `${re.flags}g`))) {
      if (m[0].length === 0) continue;
      spans.push([origin[m.index]!, origin[m.index + m[0].length - 1]! + 1, label]);
    }
  }
  if (spans.length === 0) return text;
  spans.sort((a, b) => b[0] - a[0]);
  let out = text;
  let limit = Infinity;
  for (const [start, end, label] of spans) {
    if (end > limit) continue; // overlaps a span already replaced
    out = out.slice(0, start) + `[REDACTED:${label}]` + out.slice(end);
    limit = start;
  }
  return out;
}
