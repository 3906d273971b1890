import { reduceEnvironment } from '../../domain/exec/reduceEnvironment.js';
import { runnableSearchPath } from '../../domain/exec/searchPath.js';

import { SAVED_NODE_VARIABLES } from './nodeVariables.js';

export { SAVED_NODE_VARIABLES };
const SAVED_PREFIX = 'SHIMCTL_SAVED_';

/**
 * The environment a command runs with: the saved Node variables restored, then only
 * allow-listed variables, plus the session markers the wiring needs so nested shells still
 * reach the shims. PATH keeps only its absolute entries (domain/exec/searchPath.ts): the review
 * resolved command names on those, and bash must not find a planted `./ls` the review never saw.
 */
export function reduceEnv(
  env: Record<string, string | undefined>,
  allowList: readonly string[],
  wiring: Record<string, string>,
): Record<string, string> {
  const restored: Record<string, string | undefined> = {};
  for (const [name, value] of Object.entries(env)) if (!name.startsWith(SAVED_PREFIX)) restored[name] = value;
  for (const name of SAVED_NODE_VARIABLES) {
    const saved = env[SAVED_PREFIX + name];
    if (saved !== undefined) restored[name] = saved;
  }
  const out = { ...reduceEnvironment(restored, allowList), ...wiring };
  const path = runnableSearchPath(out.PATH);
  if (path !== undefined) out.PATH = path;
  return out;
}
