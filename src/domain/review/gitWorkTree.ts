import type { GitIndexFact, HostFacts } from '../reviewRequest.js';
import { normalizePosix } from '../paths/posixPath.js';

/**
 * The work tree (and index) git uses when run in this absolute directory, found from the
 * directory's physical spelling, as git finds it (getcwd). Undefined: not in a work tree, or no
 * index fact.
 */
export function gitWorkTreeAt(dir: string, facts: HostFacts): GitIndexFact | undefined {
  return facts.gitIndex?.(normalizePosix(facts.realpath(normalizePosix(dir))));
}
