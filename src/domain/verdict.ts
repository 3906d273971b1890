import type { ReasonCode } from './reasonCodes.js';

export const DECISIONS = ['allow', 'ask', 'block'] as const;
export type Decision = (typeof DECISIONS)[number];

export const RISKS = ['low', 'medium', 'high', 'critical'] as const;
export type Risk = (typeof RISKS)[number];

export interface Reason {
  code: ReasonCode;
  message: string;
}

/** The one verdict shape: the JSON API, the audit and every engine serialise exactly this. */
export interface Verdict {
  decision: Decision;
  risk: Risk;
  reasons: Reason[];
  rule_ids: string[];
}

// The order IS the meaning, as Codex orders its `Decision`: a later entry is stricter (or riskier),
// and verdicts combine with `max`. These rank tables are the one encoding of that order; nothing
// else compares decisions or risks by hand.
const DECISION_RANK: Readonly<Record<Decision, number>> = { allow: 0, ask: 1, block: 2 };
const RISK_RANK: Readonly<Record<Risk, number>> = { low: 0, medium: 1, high: 2, critical: 3 };

/** allow < ask < block. */
export function decisionRank(d: Decision): number {
  return DECISION_RANK[d];
}

/** low < medium < high < critical. */
export function riskRank(r: Risk): number {
  return RISK_RANK[r];
}

/** How strict a verdict is: its decision first, then its risk (combineVerdicts orders parts by it). */
function severity(v: Pick<Verdict, 'decision' | 'risk'>): number {
  return DECISION_RANK[v.decision] * RISKS.length + RISK_RANK[v.risk];
}

export function higherRisk(a: Risk, b: Risk): Risk {
  return RISK_RANK[a] >= RISK_RANK[b] ? a : b;
}

export function verdict(decision: Decision, risk: Risk, code: ReasonCode, message: string, ruleId?: string): Verdict {
  return { decision, risk, reasons: [{ code, message }], rule_ids: ruleId ? [ruleId] : [] };
}

export const ALLOW_NOTHING_FOUND: Verdict = Object.freeze({
  decision: 'allow',
  risk: 'low',
  reasons: [],
  rule_ids: [],
}) as Verdict;

function isEmpty(v: Verdict): boolean {
  return v.reasons.length === 0 && v.rule_ids.length === 0 && v.decision === 'allow' && v.risk === 'low';
}

/**
 * The one combiner: strictest decision, highest risk (the `max` of each), union of reasons and
 * rule ids without duplicates. Combining never downgrades: the result is at least as strict as
 * every input. Built for the hot path: parts that found nothing are dropped,
 * one remaining part is returned as is, and duplicates are found with sets, not list scans
 * (path findings can carry dozens of reasons). Stricter parts go first, so the reason a
 * person (or the model) reads first is the one that decided, not an informational one.
 * Like every verdict the domain builds, each input holds no duplicates of its own.
 */
export function combineVerdicts(...parts: Verdict[]): Verdict {
  const kept: Verdict[] = [];
  for (const p of parts) if (!isEmpty(p)) kept.push(p);
  if (kept.length === 0) return ALLOW_NOTHING_FOUND;
  if (kept.length === 1) return kept[0]!;
  // Insertion sort, stable: there are only a handful of parts.
  for (let i = 1; i < kept.length; i++) {
    const v = kept[i]!;
    const w = severity(v);
    let j = i - 1;
    while (j >= 0 && severity(kept[j]!) < w) {
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

/** The fail-closed verdict for any internal failure on the interception path. */
export function internalErrorVerdict(message: string): Verdict {
  return verdict('block', 'critical', 'internal.error', message);
}
