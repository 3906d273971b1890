/** True when `name` matches an allow-list entry (`NAME` exactly, or a `PREFIX*` glob). */
function allowed(name: string, allowList: readonly string[]): boolean {
  return allowList.some((entry) => (entry.endsWith('*') ? name.startsWith(entry.slice(0, -1)) : name === entry));
}

/**
 * The environment a command runs with: only allow-listed variables, plus the session markers
 * the wiring needs so nested shells still reach the shims.
 */
export function reduceEnv(
  env: Record<string, string | undefined>,
  allowList: readonly string[],
  wiring: Record<string, string>,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(env)) {
    if (value !== undefined && allowed(name, allowList)) out[name] = value;
  }
  return { ...out, ...wiring };
}
