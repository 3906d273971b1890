import type { HostFacts } from '../../domain/reviewRequest.js';

export interface HostFactsProvider {
  /** Facts for one review: PATH and HOME come from `env`, shim directories are excluded. */
  facts(env: Record<string, string | undefined>): HostFacts;
}
