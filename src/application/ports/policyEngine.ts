import type { NormalizedCommand, ReviewRequest } from '../../domain/reviewRequest.js';
import type { Verdict } from '../../domain/verdict.js';

export const ENGINE_INPUT_VERSION = 1;

/** The normalised request every engine receives; the Rego input document is exactly this. */
export interface EngineInput {
  input_version: number;
  request: { cwd: string; agent?: string; command?: string; argv?: string[] };
  /** Undefined when the text never got as far as one simple command (syntax refused). */
  normalized?: NormalizedCommand;
  /** The native engine's verdict, advisory for other engines (for a part: that part's). */
  native: Verdict;
  /**
   * Set when the request is a compound command: Rego judges it part by part, one input per simple
   * command (and per directory it may run in). `normalized` is then that part, its paths resolved
   * in `part.cwd`; `request` stays what was sent. Fields added to version 1 (additive).
   */
  part?: { index: number; command: string; cwd: string };
  /** With `part`: every simple command of the text, in order, with the directory it is judged in. */
  compound?: { parts: Array<{ command: string; argv: string[]; cwd: string }> };
}

export interface PolicyEngine {
  readonly name: string;
  /** Must resolve (never reject) with a verdict; failures are `block` verdicts. */
  evaluate(input: EngineInput, request: ReviewRequest): Promise<Verdict>;
}
