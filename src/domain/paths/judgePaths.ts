// OWNER: paths/urls helper. Placeholder so the contract type-checks; replaced by the real analysis.
import type { HostFacts } from '../reviewRequest.js';
import type { PolicyConfig } from '../policyConfig.js';
import type { Verdict } from '../verdict.js';
import { ALLOW_NOTHING_FOUND } from '../verdict.js';

export type PathAccess = 'read' | 'write' | 'delete' | 'execute' | 'mention';

export interface PathArg {
  raw: string;
  access: PathAccess;
  /** Deletion is recursive (`rm -r`), so deleting a parent of something protected counts. */
  recursive?: boolean;
}

export interface PathContext {
  cwd: string;
  config: PolicyConfig;
  facts: HostFacts;
}

export interface PathJudgement {
  verdict: Verdict;
  paths: Array<{ raw: string; resolved: string }>;
}

export function judgePaths(_args: PathArg[], _ctx: PathContext): PathJudgement {
  return { verdict: ALLOW_NOTHING_FOUND, paths: [] };
}
