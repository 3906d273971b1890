/**
 * Keeps only the variables named by the allow-list. An entry is an exact name (`PATH`) or a
 * prefix glob ending in `*` (`LC_*`, `SHIMCTL_*`); a lone `*` keeps everything, which the user
 * must write explicitly. Matching is case-sensitive, as the environment is.
 */
export function reduceEnvironment(
  env: Record<string, string | undefined>,
  allowList: readonly string[],
): Record<string, string> {
  const exact = new Set<string>();
  const prefixes: string[] = [];
  for (const entry of allowList) {
    if (entry.endsWith('*')) prefixes.push(entry.slice(0, -1));
    else exact.add(entry);
  }
  const kept: Record<string, string> = {};
  for (const [name, value] of Object.entries(env)) {
    if (value === undefined) continue;
    if (exact.has(name) || prefixes.some((p) => name.startsWith(p))) kept[name] = value;
  }
  return kept;
}
