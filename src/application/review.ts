import type { PolicyEngine } from './ports/policyEngine.js';
import { ENGINE_INPUT_VERSION } from './ports/policyEngine.js';
import type { PolicyConfig } from '../domain/policyConfig.js';
import type { HostFacts, ReviewRequest } from '../domain/reviewRequest.js';
import type { ReviewResult } from '../domain/review/reviewCommand.js';
import { reviewCommand } from '../domain/review/reviewCommand.js';
import { combineVerdicts, internalErrorVerdict } from '../domain/verdict.js';

export interface ReviewDeps {
  config: PolicyConfig;
  facts: HostFacts;
  /** Required when `config.engine` is `rego` or `both`. */
  rego?: PolicyEngine;
}

/**
 * The decide use case: the native engine always runs (its verdict is advisory input for Rego);
 * with `both` the strictest verdict wins, with `rego` the Rego verdict is the answer.
 * Never rejects: any failure is an `internal.error` block.
 */
export async function reviewUseCase(req: ReviewRequest, deps: ReviewDeps): Promise<ReviewResult> {
  let native: ReviewResult;
  try {
    native = reviewCommand(req, deps.config, deps.facts);
  } catch (err) {
    return { verdict: internalErrorVerdict(`review failed: ${String(err)}`), trace: [] };
  }
  const engine = deps.config.engine;
  if (engine === 'native') return native;
  if (!deps.rego) {
    return { ...native, verdict: internalErrorVerdict(`engine '${engine}' is configured but no Rego engine is wired`) };
  }
  try {
    const rego = await deps.rego.evaluate(
      {
        input_version: ENGINE_INPUT_VERSION,
        request: { cwd: req.cwd, agent: req.agent, command: req.command, argv: req.argv },
        normalized: native.normalized,
        native: native.verdict,
      },
      req,
    );
    const verdict = engine === 'both' ? combineVerdicts(native.verdict, rego) : rego;
    return { ...native, verdict, trace: [...native.trace, { stage: 'engine.rego', detail: `Rego answered ${rego.decision}`, verdict: rego }] };
  } catch (err) {
    return { ...native, verdict: internalErrorVerdict(`Rego engine failed: ${String(err)}`) };
  }
}
