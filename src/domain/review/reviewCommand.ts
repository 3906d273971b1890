import type { Mode } from '../modes/mode.js';
import type { HostFacts, NormalizedCommand, ReviewRequest } from '../reviewRequest.js';
import type { PolicyConfig } from '../policyConfig.js';
import type { Verdict } from '../verdict.js';
import { internalErrorVerdict, verdict } from '../verdict.js';
import { reviewShellText } from './reviewShellText.js';
import type { CompoundPart, TraceStep } from './reviewTypes.js';
import type { ReviewState, Reviewers } from './reviewState.js';
import { step } from './reviewState.js';
import { reviewWords } from './reviewWords.js';

export type { TraceStep } from './reviewTypes.js';

export interface ReviewResult {
  verdict: Verdict;
  /** Absent when the text never became one simple command. */
  normalized?: NormalizedCommand;
  /** The agent envelope that was unwrapped; on allow the shim runs the envelope as written. */
  envelope?: string;
  /** With `envelope`: the model's command inside it, the text that was reviewed (even if it never became one simple command). */
  reviewed?: string;
  /**
   * The invocation was an agent script that runs `reviewed` as `bash -c` next (argvEnvelope.ts):
   * on allow, the guard leaves that bash a pass for exactly this text.
   */
  handOn?: string;
  /** The text was an agent bookkeeping call recognised by its exact shape. */
  bookkeeping?: string;
  /** A compound command judged part by part with the shell grammar; on allow the shell runs the text as written. */
  parts?: CompoundPart[];
  /** The mode the verdict was judged in (set after the review, docs/modes.md). */
  mode?: Mode;
  /**
   * The text to run instead of the command: the review expanded `$VAR`s and globs itself and wrote
   * the judged words into it (docs/shell.md "What runs"). Absent: the command runs byte for byte.
   */
  rewritten?: string;
  trace: TraceStep[];
}

/** The recursion of the review, wired here so that no review file imports the ones above it. */
const REVIEWERS: Reviewers = { shellText: reviewShellText, words: reviewWords };

function emptyNormalized(command: string, argv: string[]): NormalizedCommand {
  return { command, argv, envAssignments: {}, wrappers: [], effectiveArgv: argv, paths: [], urls: [] };
}

/** Pure and synchronous; never throws (internal failures become `internal.error` blocks). */
export function reviewCommand(req: ReviewRequest, config: PolicyConfig, facts: HostFacts): ReviewResult {
  const state: ReviewState = { cwd: req.cwd, config, facts, agent: req.agent, trace: [], reviewers: REVIEWERS };
  if (req.args) state.args = req.args;
  try {
    if (req.argv !== undefined) {
      if (req.argv.length === 0)
        return { verdict: verdict('block', 'low', 'syntax.empty', 'the argv is empty'), trace: state.trace };
      const normalized = emptyNormalized(req.argv.join(' '), [...req.argv]);
      step(state, 0, 'syntax', 'argv given: no shell parsing');
      const v = reviewWords(req.argv, state, 0, normalized);
      return finish(v, normalized, state);
    }
    const text = req.command ?? '';
    const normalized = emptyNormalized(text, []);
    // Bookkeeping shortcuts need an explicit agent hop: an unspecified hop is treated as nested.
    const out = reviewShellText(text, state, 0, req.hop ?? 'nested', normalized);
    const result: ReviewResult = { verdict: out.verdict, trace: state.trace };
    if (out.words) {
      normalized.argv = out.words;
      if (normalized.effectiveArgv.length === 0) normalized.effectiveArgv = out.words;
      result.normalized = normalized;
    }
    if (out.envelope) {
      result.envelope = out.envelope;
      result.reviewed = out.inner;
      // The script runs exactly this text in a new bash next: a pass spares it a second review.
      if (state.argumentEnvelope === out.envelope && out.rewritten === undefined) result.handOn = out.inner;
    }
    if (out.bookkeeping) result.bookkeeping = out.bookkeeping;
    if (out.parts) result.parts = out.parts;
    if (out.rewritten !== undefined) result.rewritten = out.rewritten;
    step(state, 0, 'verdict', `${out.verdict.decision} (${out.verdict.risk})`, out.verdict);
    return result;
  } catch (err) {
    const v = internalErrorVerdict(`review failed: ${err instanceof Error ? err.message : String(err)}`);
    return { verdict: v, trace: [...state.trace, { stage: 'internal', detail: 'review failed', verdict: v }] };
  }
}

function finish(v: Verdict, normalized: NormalizedCommand, state: ReviewState): ReviewResult {
  step(state, 0, 'verdict', `${v.decision} (${v.risk})`, v);
  return { verdict: v, normalized, trace: state.trace };
}
