import type { Verdict } from '../verdict.js';
import { ALLOW_NOTHING_FOUND, combineVerdicts } from '../verdict.js';

/**
 * `combineVerdicts` for the hot path: parts that found nothing (allow, low, no reasons) are
 * dropped, and one remaining part is returned as is. Same result, far fewer allocations.
 */
export function combine(...parts: Verdict[]): Verdict {
  let only: Verdict | undefined;
  let count = 0;
  for (const p of parts) {
    if (p.reasons.length === 0 && p.rule_ids.length === 0 && p.decision === 'allow' && p.risk === 'low') continue;
    only = p;
    count++;
  }
  if (count === 0) return ALLOW_NOTHING_FOUND;
  if (count === 1) return only!;
  return combineVerdicts(...parts);
}
