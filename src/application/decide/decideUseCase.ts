import type { ConfigOutcome, ConfigSource } from '../ports/configSource.js';
import type { HostFactsProvider } from '../ports/hostFactsProvider.js';
import type { PolicyEngine } from '../ports/policyEngine.js';
import type { PolicyConfig } from '../../domain/policyConfig.js';
import type { ReviewRequest } from '../../domain/reviewRequest.js';
import type { ReviewResult } from '../../domain/review/reviewCommand.js';
import type { Verdict } from '../../domain/verdict.js';
import { internalErrorVerdict } from '../../domain/verdict.js';
import type { ReviewDeps } from '../review.js';
import { configFailureVerdict } from '../config/configFailure.js';
import { reviewUseCase } from '../review.js';
import { errorMessage } from '../shimctlError.js';

/** What deciding needs; `App` from the composition root satisfies it, tests pass fakes. */
export interface DecideDeps {
  env: Record<string, string | undefined>;
  configSource: ConfigSource;
  hostFacts: HostFactsProvider;
  regoEngine(config: PolicyConfig): PolicyEngine;
  /** The native review; the domain's `reviewCommand` unless a test wires a fake. */
  nativeReview?: ReviewDeps['nativeReview'];
}

export interface DecideOutcome {
  verdict: Verdict;
  /** Absent when the config failed to load or the review never ran. */
  review?: ReviewResult;
  config: ConfigOutcome;
}

/**
 * Load the config for the request's cwd, then review. Never rejects and never executes:
 * a config that is not `ok` or any thrown error yields a `block`.
 */
export async function decideUseCase(req: ReviewRequest, deps: DecideDeps): Promise<DecideOutcome> {
  let config: ConfigOutcome;
  try {
    config = deps.configSource.load(req.cwd);
  } catch (err) {
    config = { kind: 'unreadable', file: '(config source)', message: String(err) };
  }
  if (config.kind !== 'ok') return { verdict: configFailureVerdict(config), config };
  try {
    const facts = deps.hostFacts.facts(deps.env);
    const needsRego = config.config.engine !== 'native';
    const review = await reviewUseCase(req, {
      config: config.config,
      facts,
      rego: needsRego ? deps.regoEngine(config.config) : undefined,
      nativeReview: deps.nativeReview,
    });
    return { verdict: review.verdict, review, config };
  } catch (err) {
    return { verdict: internalErrorVerdict(`decide failed: ${errorMessage(err)}`), config };
  }
}
