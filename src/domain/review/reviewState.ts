import type { HostFacts, NormalizedCommand } from '../reviewRequest.js';
import type { PolicyConfig } from '../policyConfig.js';
import type { Verdict } from '../verdict.js';
import type { TraceStep } from './reviewCommand.js';

/** Wrappers, inline shells and escape hatches are followed this deep; deeper is refused. */
export const MAX_NESTING = 8;

/** What every stage of one review shares. */
export interface ReviewState {
  cwd: string;
  config: PolicyConfig;
  facts: HostFacts;
  agent?: string;
  trace: TraceStep[];
}

/**
 * The normalised command being filled in. Only the main chain (the command and what its
 * wrappers run) writes here; nested shells and escape-hatch commands are reviewed on the side.
 */
export type Chain = NormalizedCommand | undefined;

export function step(state: ReviewState, depth: number, stage: string, detail: string, v?: Verdict): void {
  const prefix = depth > 0 ? `${'  '.repeat(depth)}` : '';
  state.trace.push(v ? { stage, detail: prefix + detail, verdict: v } : { stage, detail: prefix + detail });
}
