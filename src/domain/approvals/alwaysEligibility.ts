import { DISGUISED_COMMAND_CODES, UNJUDGED_PREFIXES } from '../unliftable.js';
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
const HARD_PREFIXES = [...UNJUDGED_PREFIXES, 'path.', 'url.', 'env.', 'envelope.'];
const HARD_CODES: ReadonlySet<ReasonCode> = new Set<ReasonCode>([
  'command.inline_code',
  'command.escape_hatch',
  'command.privilege',
  'command.system',
  ...DISGUISED_COMMAND_CODES,
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
