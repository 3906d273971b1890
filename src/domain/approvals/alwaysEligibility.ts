import type { ReasonCode } from '../reasonCodes.js';
import type { Verdict } from '../verdict.js';

/**
 * Reasons a saved allow rule must never be used to silence. A user `allow` rule only replaces
 * the rules stage of the review (see `evaluateRules`); these come from the other checks (paths,
 * URLs, environment, inline code, escape hatches, wrappers that escalate, look-alike names,
 * invocation forms). An "always" for them would either not work (the check still asks next
 * time) or, worse, teach the user that approving always is the way to make such prompts go away.
 * Approve once is still possible for every ask.
 */
const HARD_PREFIXES = [
  'syntax.',
  'path.',
  'url.',
  'env.',
  'invocation.',
  'envelope.',
  'engine.',
  'rego.',
  'config.',
  'internal.',
];
const HARD_CODES: ReadonlySet<ReasonCode> = new Set<ReasonCode>([
  'command.inline_code',
  'command.escape_hatch',
  'command.privilege',
  'command.chained_text',
  'command.lookalike',
  'command.path_mismatch',
  'command.nesting_too_deep',
  'command.system',
]);

export type Eligibility = { ok: true } | { ok: false; codes: ReasonCode[]; message: string };

/** Whether an asked verdict may be turned into an approve-always rule. */
export function alwaysEligibility(v: Verdict): Eligibility {
  const hard = v.reasons
    .map((r) => r.code)
    .filter((c) => HARD_CODES.has(c) || HARD_PREFIXES.some((p) => c.startsWith(p)));
  if (hard.length === 0) return { ok: true };
  const codes = [...new Set(hard)];
  return {
    ok: false,
    codes,
    message: `approve always is refused for asks caused by ${codes.join(', ')}: a saved rule must not silence these checks; approve once instead`,
  };
}
