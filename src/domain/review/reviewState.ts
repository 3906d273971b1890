import type { HostFacts, NormalizedCommand } from '../reviewRequest.js';
import type { PolicyConfig } from '../policyConfig.js';
import type { Verdict } from '../verdict.js';
import type { ShellTextOutcome, TraceStep } from './reviewTypes.js';
import type { PathContext } from '../paths/judgePaths.js';
import type { FdMap } from '../paths/processPaths.js';
import type { InvocationArgs } from '../shell/envelopes/argvEnvelope.js';
import { gitPathspecOptionsFromEnv } from '../toolModels/tools/git/environment.js';

/** Wrappers, inline shells and escape hatches are followed this deep; deeper is refused. */
export const MAX_NESTING = 8;

/** What every stage of one review shares. */
export interface ReviewState {
  /** Where the command runs; `env -C DIR` reviews its inner command with DIR here. */
  cwd: string;
  /** Where writes need no approval: the cwd the review started in (unset: `cwd`). */
  workspace?: string;
  config: PolicyConfig;
  facts: HostFacts;
  agent?: string;
  /** The invocation's `$0` and `$1 …` (only the top-level text is matched against them). */
  args?: InvocationArgs;
  /** Set when the invocation was an agent script that runs the model's command in a new bash. */
  argumentEnvelope?: string;
  trace: TraceStep[];
  /** A wrapper set or removed variables for what runs inside (`env http_proxy=… curl …`). */
  envChanged?: boolean;
  /**
   * `GIT_ICASE_PATHSPECS=1` and its kind, set before this command or a wrapper of it, as the git
   * options they equal (`--icase-pathspecs`): the git the chain reaches gets them in front of its
   * words, however many wrappers stand between (`X=1 nice command git …`).
   */
  gitPathspecEnv?: readonly string[];
  /**
   * Descriptors the redirections of this command (and of the commands it runs inside) opened, so
   * `/dev/fd/3/x` under `3<DIR` is judged as `DIR/x` (paths/processPaths.ts).
   */
  fds?: FdMap;
  /** How nested text and words are reviewed again (reviewCommand.ts wires them). */
  reviewers: Reviewers;
  /**
   * Set by a compound part's review (reviewCompound.ts): every command reviewed for that part, at
   * any depth (through wrappers, `bash -c`, a here-document program), marks `made` when it can make
   * or move links (compoundParts.ts makesLinks), so the parts after it are not judged on links
   * that may change (attack pass 17: `nice ln`, `bash -c '\\ln -s T Q'`).
   */
  links?: { made: boolean };
}

/**
 * The review recurses: `bash -c`, `eval`, wrappers, interpreters and argv0 tricks carry commands
 * that are reviewed like the agent's own. The files that find them call back through the state
 * (reviewNestedText, reviewNestedWords) instead of importing the reviewers, which import them:
 * that keeps the review core free of import cycles (test/architecture/importCycles.test.ts).
 */
export interface Reviewers {
  shellText(text: string, state: ReviewState, depth: number, hop: 'agent' | 'nested', chain: Chain): ShellTextOutcome;
  words(words: readonly string[], state: ReviewState, depth: number, chain: Chain, viaExec?: boolean): Verdict;
}

/** Reviews shell text found inside a command (reviewShellText.ts, through the state). */
export function reviewNestedText(
  text: string,
  state: ReviewState,
  depth: number,
  hop: 'agent' | 'nested',
  chain: Chain,
): ShellTextOutcome {
  return state.reviewers.shellText(text, state, depth, hop, chain);
}

/** Reviews the words of a command found inside a command (reviewWords.ts, through the state). */
export function reviewNestedWords(
  words: readonly string[],
  state: ReviewState,
  depth: number,
  chain: Chain,
  viaExec = false,
): Verdict {
  return state.reviewers.words(words, state, depth, chain, viaExec);
}

/**
 * The normalised command being filled in. Only the main chain (the command and what its
 * wrappers run) writes here; nested shells and escape-hatch commands are reviewed on the side.
 */
export type Chain = NormalizedCommand | undefined;

/**
 * Records one stage for `shimctl explain`. A detail that costs something to build (argument
 * lists, JSON) may be given as a function: it is built only if someone reads the trace, which
 * the interception path never does.
 */
export function step(
  state: ReviewState,
  depth: number,
  stage: string,
  detail: string | (() => string),
  v?: Verdict,
): void {
  const prefix = depth > 0 ? '  '.repeat(depth) : '';
  if (typeof detail === 'function') state.trace.push(new LazyStep(stage, prefix, detail, v));
  else state.trace.push(v ? { stage, detail: prefix + detail, verdict: v } : { stage, detail: prefix + detail });
}

/** A trace step whose detail is built on first read; serialises like a plain step. */
class LazyStep implements TraceStep {
  private built?: string;
  constructor(
    readonly stage: string,
    private readonly prefix: string,
    private readonly build: () => string,
    readonly verdict?: Verdict,
  ) {}
  get detail(): string {
    this.built ??= this.prefix + this.build();
    return this.built;
  }
  toJSON(): TraceStep {
    return this.verdict
      ? { stage: this.stage, detail: this.detail, verdict: this.verdict }
      : { stage: this.stage, detail: this.detail };
  }
}

/** The path policy's view of this review: relative paths against the cwd, writes free in the workspace. */
export function pathContext(state: ReviewState): PathContext {
  const ctx: PathContext = { cwd: state.cwd, config: state.config, facts: state.facts };
  if (state.workspace !== undefined) ctx.workspace = state.workspace;
  if (state.fds !== undefined) ctx.fds = state.fds;
  return ctx;
}

/**
 * The state for what runs under `NAME=value` assignments (before a command, or a wrapper's own):
 * the git pathspec variables among them are carried to the git the chain reaches.
 */
export function withGitPathspecEnv(state: ReviewState, assignments: Readonly<Record<string, string>>): ReviewState {
  const options = gitPathspecOptionsFromEnv(assignments);
  if (options.length === 0) return state;
  return { ...state, gitPathspecEnv: [...(state.gitPathspecEnv ?? []), ...options] };
}
