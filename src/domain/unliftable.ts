// What no mode, no allow rule, no saved approval and no policy engine may lift: the one home of
// the facts that modes/byNature.ts, approvals/alwaysEligibility.ts, policy/evaluateRules.ts and
// application/review.ts (a Rego engine's answer) each apply (each adds what only it refuses;
// docs/modes.md, docs/approvals.md, docs/rules.md).
import type { ReasonCode } from './reasonCodes.js';
import type { Verdict } from './verdict.js';

/** The review could not judge the text (parse, invocation, config, engine, internal failure): fail closed. */
export const UNJUDGED_PREFIXES: readonly string[] = [
  'syntax.',
  'invocation.',
  'config.',
  'engine.',
  'rego.',
  'internal.',
];

/** The command's own form hides what would run: a look-alike name, a path that is not the tool, text chained in, nesting too deep. */
export const DISGUISED_COMMAND_CODES: readonly ReasonCode[] = [
  'command.chained_text',
  'command.lookalike',
  'command.path_mismatch',
  'command.nesting_too_deep',
];

/** A critical risk stands: no mode and no allow rule lifts it. */
export function isCritical(v: Pick<Verdict, 'risk'>): boolean {
  return v.risk === 'critical';
}
