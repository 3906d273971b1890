/**
 * Global replace without re-scanning. `String.replace(/g)` tries a pattern at every position; a
 * pattern that reads to the end of the line from each start costs O(n²) on text made of starts
 * (`docker login ` × 3,000 took 31 s). Here a cheap `candidate` regex finds a start, the `whole`
 * (sticky) regex is tried there once, and a failed start names the first position at which a
 * later start could still succeed. Each rule using this proves why the positions it skips fail.
 */
export interface ScanRule {
  /** Global: finds the next position where `whole` might match. */
  candidate: RegExp;
  /** Sticky: the pattern itself, tried once at a candidate. */
  whole: RegExp;
  /** After a failed try at `start`: where the search resumes (> start). */
  resumeAfterFailure: (text: string, start: number) => number;
}

/** Every match of `rule` in `text`, left to right, as `String.replace(/g)` would find them. */
export function* scanMatches(text: string, rule: ScanRule): Generator<RegExpExecArray> {
  const { candidate, whole } = rule;
  let at = 0;
  while (at <= text.length) {
    candidate.lastIndex = at;
    const found = candidate.exec(text);
    if (!found) return;
    whole.lastIndex = found.index;
    const m = whole.exec(text);
    if (!m) {
      at = Math.max(found.index + 1, rule.resumeAfterFailure(text, found.index));
      continue;
    }
    yield m;
    at = m[0].length > 0 ? m.index + m[0].length : m.index + 1;
  }
}

/** `text.replace` over the matches of `rule`; `replace` gets the match as `exec` returns it. */
export function replaceScanning(text: string, rule: ScanRule, replace: (m: RegExpExecArray) => string): string {
  const parts: string[] = [];
  let last = 0;
  for (const m of scanMatches(text, rule)) {
    parts.push(text.slice(last, m.index), replace(m));
    last = m.index + m[0].length;
  }
  if (last === 0) return text;
  parts.push(text.slice(last));
  return parts.join('');
}

/**
 * For patterns of the form `\bWORD\b[^\n]*?REST`: a later start on the same line sees a subset
 * of what the first start sees (REST must begin before the same newline), so once the first
 * start on a line fails every start up to the newline fails too.
 */
export function nextLine(text: string, start: number): number {
  const nl = text.indexOf('\n', start);
  return nl < 0 ? text.length + 1 : nl + 1;
}
