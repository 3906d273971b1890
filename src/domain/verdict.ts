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

export function stricterDecision(a: Decision, b: Decision): Decision {
  return DECISIONS.indexOf(a) >= DECISIONS.indexOf(b) ? a : b;
}

export function higherRisk(a: Risk, b: Risk): Risk {
  return RISKS.indexOf(a) >= RISKS.indexOf(b) ? a : b;
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

/**
 * Strictest decision, highest risk, union of reasons and rule ids (order kept, no duplicates).
 * Combining never downgrades: the result is at least as strict as every input.
 */
export function combineVerdicts(...verdicts: Verdict[]): Verdict {
  let decision: Decision = 'allow';
  let risk: Risk = 'low';
  const reasons: Reason[] = [];
  const seenReasons = new Set<string>();
  const ruleIds: string[] = [];
  for (const v of verdicts) {
    decision = stricterDecision(decision, v.decision);
    risk = higherRisk(risk, v.risk);
    for (const r of v.reasons) {
      const key = `${r.code}\u0000${r.message}`;
      if (!seenReasons.has(key)) {
        seenReasons.add(key);
        reasons.push(r);
      }
    }
    for (const id of v.rule_ids) if (!ruleIds.includes(id)) ruleIds.push(id);
  }
  return { decision, risk, reasons, rule_ids: ruleIds };
}

/** The fail-closed verdict for any internal failure on the interception path. */
export function internalErrorVerdict(message: string): Verdict {
  return verdict('block', 'critical', 'internal.error', message);
}
