// OWNER: paths/urls helper. Placeholder facts: nothing resolves.
import type { HostFactsProvider } from '../../application/ports/hostFactsProvider.js';
import type { StatePaths } from '../paths/statePaths.js';

export function createHostFactsProvider(paths: StatePaths): HostFactsProvider {
  return {
    facts: () => ({ home: paths.home, realpath: (p) => p, resolveCommand: () => undefined, fileId: () => undefined }),
  };
}
