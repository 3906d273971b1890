// OWNER: paths/urls helper. Placeholder so the contract type-checks; replaced by the real analysis.
import type { PolicyConfig } from '../policyConfig.js';
import type { Verdict } from '../verdict.js';
import { ALLOW_NOTHING_FOUND } from '../verdict.js';

/** Every argument (or part of one, e.g. `--url=...`) that parses or looks like a URL. */
export function findUrls(_words: string[]): string[] {
  return [];
}

export function judgeUrls(_urls: string[], _config: PolicyConfig): Verdict {
  return ALLOW_NOTHING_FOUND;
}
