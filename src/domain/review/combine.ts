import type { Decision, Reason, Risk, Verdict } from '../verdict.js';
import { ALLOW_NOTHING_FOUND, DECISIONS, RISKS } from '../verdict.js';

const DECISION_RANK: Readonly<Record<Decision, number>> = { allow: 0, ask: 1, block: 2 };
const RISK_RANK: Readonly<Record<Risk, number>> = { low: 0, medium: 1, high: 2, critical: 3 };
const weight = (v: Verdict): number => DECISION_RANK[v.decision] * 4 + RISK_RANK[v.risk];

function isEmpty(v: Verdict): boolean {
  return v.reasons.length === 0 && v.rule_ids.length === 0 && v.decision === 'allow' && v.risk === 'low';
}

/**
 * The same result as `combineVerdicts` (strictest decision, highest risk, union of reasons and
 * rule ids without duplicates) built for the hot path: parts that found nothing are dropped,
 * one remaining part is returned as is, and duplicates are found with sets, not list scans
 * (path findings can carry dozens of reasons). Stricter parts go first, so the reason a
 * person (or the model) reads first is the one that decided, not an informational one.
 * Like every verdict the domain builds, each input holds no duplicates of its own.
 */
export function combine(...parts: Verdict[]): Verdict {
  const kept: Verdict[] = [];
  for (const p of parts) if (!isEmpty(p)) kept.push(p);
  if (kept.length === 0) return ALLOW_NOTHING_FOUND;
  if (kept.length === 1) return kept[0]!;
  // Insertion sort, stable: there are only a handful of parts.
  for (let i = 1; i < kept.length; i++) {
    const v = kept[i]!;
    const w = weight(v);
    let j = i - 1;
    while (j >= 0 && weight(kept[j]!) < w) {
      kept[j + 1] = kept[j]!;
      j--;
    }
    kept[j + 1] = v;
  }
  let d = 0;
  let r = 0;
  let total = 0;
  for (const v of kept) total += v.reasons.length;
  const reasons: Reason[] = [];
  const ruleIds: string[] = [];
  // Few reasons (the usual case): a linear scan beats building hash sets of fresh strings.
  // Many (a recursive delete of `/` names every protected rule): sets keep it linear.
  const seenReasons = total > 16 ? new Map<string, Set<string>>() : undefined;
  const seenIds = total > 16 ? new Set<string>() : undefined;
  for (const v of kept) {
    if (DECISION_RANK[v.decision] > d) d = DECISION_RANK[v.decision];
    if (RISK_RANK[v.risk] > r) r = RISK_RANK[v.risk];
    for (const reason of v.reasons) {
      if (seenReasons) {
        let messages = seenReasons.get(reason.code);
        if (!messages) {
          messages = new Set();
          seenReasons.set(reason.code, messages);
        }
        if (!messages.has(reason.message)) {
          messages.add(reason.message);
          reasons.push(reason);
        }
      } else if (!hasReason(reasons, reason)) reasons.push(reason);
    }
    for (const id of v.rule_ids) {
      if (seenIds) {
        if (!seenIds.has(id)) {
          seenIds.add(id);
          ruleIds.push(id);
        }
      } else if (!ruleIds.includes(id)) ruleIds.push(id);
    }
  }
  return { decision: DECISIONS[d]!, risk: RISKS[r]!, reasons, rule_ids: ruleIds };
}

function hasReason(list: readonly Reason[], x: Reason): boolean {
  for (const y of list) if (y === x || (y.code === x.code && y.message === x.message)) return true;
  return false;
}
