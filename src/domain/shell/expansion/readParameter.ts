/**
 * The parameter expansions the review can substitute: `$NAME`, `${NAME}` (no operators), `$?`
 * and `$!`. Anything else after a `$` (`$(`, `${X:-y}`, `$1`, `$@`, `$$`, `$'…'`) is not read
 * here and stays refused by the tokenizer.
 */
export function readParameter(text: string, at: number): { name: string; end: number } | undefined {
  const next = text[at + 1];
  if (next === '?' || next === '!') return { name: next, end: at + 2 };
  if (next === '{') {
    const m = /^\{([A-Za-z_][A-Za-z0-9_]*)\}/.exec(text.slice(at + 1, at + 1 + 260));
    return m ? { name: m[1]!, end: at + 1 + m[0].length } : undefined;
  }
  if (next === undefined || !/[A-Za-z_]/.test(next)) return undefined;
  let end = at + 2;
  while (end < text.length && /[A-Za-z0-9_]/.test(text[end]!)) end++;
  return { name: text.slice(at + 1, end), end };
}
