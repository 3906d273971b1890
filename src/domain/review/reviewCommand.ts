// OWNER: policy helper. Placeholder so the contract type-checks; replaced by the real review.
import type { HostFacts, NormalizedCommand, ReviewRequest } from '../reviewRequest.js';
import type { PolicyConfig } from '../policyConfig.js';
import type { Verdict } from '../verdict.js';
import { verdict } from '../verdict.js';

/** One stage of the review, for `shimctl explain`. */
export interface TraceStep {
  stage: string;
  detail: string;
  verdict?: Verdict;
}

export interface ReviewResult {
  verdict: Verdict;
  /** Absent when the text never became one simple command. */
  normalized?: NormalizedCommand;
  /** The agent envelope that was unwrapped; on allow the shim runs the envelope as written. */
  envelope?: string;
  /** The text was an agent bookkeeping call recognised by its exact shape. */
  bookkeeping?: string;
  trace: TraceStep[];
}

/** Pure and synchronous; never throws (internal failures become `internal.error` blocks). */
export function reviewCommand(_req: ReviewRequest, _config: PolicyConfig, _facts: HostFacts): ReviewResult {
  return { verdict: verdict('block', 'critical', 'internal.error', 'review core not built yet'), trace: [] };
}
