// The shapes the review core's files pass to each other, in a file that imports none of them:
// a type shared both ways between two review files would tie them into an import cycle
// (test/architecture/importCycles.test.ts forbids any).
import type { NormalizedCommand } from '../reviewRequest.js';
import type { Verdict } from '../verdict.js';

/** One stage of the review, for `shimctl explain`. */
export interface TraceStep {
  stage: string;
  detail: string;
  verdict?: Verdict;
}

/** One simple command of a compound, as judged (for the audit record and `explain`). */
export interface CompoundPart {
  /** The part's source text, redirections included. */
  text: string;
  argv: string[];
  /** The directory (or directories, ` | `-separated) the part was judged in. */
  cwd: string;
  verdict: Verdict;
  /**
   * Only under a Rego engine (`rego`/`both`): the simple command as the review normalised it, once
   * per directory it may run in, and the path-policy verdict of its own redirections. The Rego
   * input is built from these (src/application/review.ts); the native engine never needs them.
   */
  forEngine?: { judged: Array<{ cwd: string; normalized: NormalizedCommand }>; redirects: Verdict };
  /** Walked as the agent's own envelope text (a recognised Claude envelope), not the model's command. */
  envelopePart?: boolean;
}

export interface ShellTextOutcome {
  verdict: Verdict;
  envelope?: string;
  bookkeeping?: string;
  /** The text the model wrote (inside any envelope). */
  inner: string;
  words?: string[];
  /** Text judged part by part with the shell grammar: its simple commands and their verdicts. */
  parts?: CompoundPart[];
  /**
   * The whole text to run instead of `text` when the review did expansions itself (the expanded
   * words written in, shell-quoted); absent when the text runs byte for byte as given.
   */
  rewritten?: string;
}
