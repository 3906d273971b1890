import type { NormalizedCommand, ReviewRequest } from '../../domain/reviewRequest.js';
import type { Verdict } from '../../domain/verdict.js';

export const ENGINE_INPUT_VERSION = 1;

/** The normalised request every engine receives; the Rego input document is exactly this. */
export interface EngineInput {
  input_version: number;
  request: { cwd: string; agent?: string; command?: string; argv?: string[] };
  /** Undefined when the text never got as far as one simple command (syntax refused). */
  normalized?: NormalizedCommand;
  /** The native engine's verdict, advisory for other engines. */
  native: Verdict;
}

export interface PolicyEngine {
  readonly name: string;
  /** Must resolve (never reject) with a verdict; failures are `block` verdicts. */
  evaluate(input: EngineInput, request: ReviewRequest): Promise<Verdict>;
}
