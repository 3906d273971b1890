/**
 * Variables an envelope's fixed part reads after the model's command ran (Gemini's EXIT trap
 * writes `jobs -p` to `$_bgpids_file`): a model command that assigns, unsets, exports, `read`s or
 * `printf -v`s one of them turns the trusted fixed part into a write anywhere. Such a text is not
 * the envelope. The names come from the envelope's own text, so a new variable there is covered.
 */

const NAME = '[A-Za-z_][A-Za-z0-9_]*';

/** Every variable the template assigns (`NAME=`) or expands (`$NAME`, `${NAME}`). */
export function envelopeVariables(template: string): string[] {
  const names = new Set<string>();
  for (const m of template.matchAll(new RegExp(`\\$\\{?(${NAME})|(?:^|[\\s;(])(${NAME})=`, 'g')))
    names.add((m[1] ?? m[2])!);
  return [...names];
}

/**
 * Whether `inner` names one of `names` in any spelling bash would join into that name: quotes and
 * backslashes are removed first (`_bgpids'_'file`, `_bgpids\_file`), and any mention counts, a
 * harmless read included (erring strict costs one refused command).
 */
export function mentionsVariable(inner: string, names: readonly string[]): boolean {
  const joined = inner.replace(/\$'|['"\\]/g, '');
  return names.some((n) => new RegExp(`(?:^|[^A-Za-z0-9_])${n}(?![A-Za-z0-9_])`).test(joined));
}
