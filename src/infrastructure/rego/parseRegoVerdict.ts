import { isReasonCode } from '../../domain/reasonCodes.js';
import type { Reason, Verdict } from '../../domain/verdict.js';
import { DECISIONS, RISKS } from '../../domain/verdict.js';
import type { EngineAnswer } from './engineFailure.js';
import { engineFailure, oneLine } from './engineFailure.js';

const KEYS = new Set(['decision', 'risk', 'reasons', 'rule_ids']);
/** A Rego policy's own reason codes live under `rego.`; anything else must be a shimctl code. */
const CUSTOM_CODE = /^rego\.[a-z0-9_]+(?:\.[a-z0-9_]+)*$/;
/** Stable rule ids `pack:rule-name`, as everywhere else in shimctl. */
const RULE_ID = /^[a-z0-9][a-z0-9_.-]*:[a-z0-9][a-z0-9_.-]*$/;
const MAX_REASONS = 50;
const MAX_MESSAGE = 500;

const bad = (message: string): EngineAnswer<Verdict> => ({
  kind: 'failure',
  verdict: engineFailure('engine.bad_output', message),
});

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function show(v: unknown): string {
  try {
    return oneLine(JSON.stringify(v) ?? String(v));
  } catch {
    return typeof v;
  }
}

function parseReason(raw: unknown, i: number): Reason | string {
  if (!isPlainObject(raw)) return `reasons[${i}] is not an object`;
  const { code, message } = raw;
  if (typeof code !== 'string' || typeof message !== 'string') return `reasons[${i}] needs string "code" and "message"`;
  const text = oneLine(message).slice(0, MAX_MESSAGE);
  if (isReasonCode(code)) return { code, message: text };
  if (CUSTOM_CODE.test(code)) return { code: 'rego.custom', message: `[${code}] ${text}` };
  return `reasons[${i}].code ${show(code)} is neither a shimctl reason code nor a rego.* code`;
}

/**
 * Judges what a Rego policy returned. Strict on purpose: a policy bug (a typo in a key, a risk
 * spelt wrong, a missing field) becomes a fail-closed block that `shimctl policy check` shows,
 * never a silent allow.
 */
export function parseRegoVerdict(value: unknown): EngineAnswer<Verdict> {
  if (value === undefined) return bad('the policy produced no verdict (the query is undefined)');
  if (!isPlainObject(value)) return bad(`the verdict is not an object: ${show(value)}`);
  const extra = Object.keys(value).filter((k) => !KEYS.has(k));
  if (extra.length) return bad(`the verdict has unknown keys: ${extra.join(', ')}`);
  const { decision, risk, reasons, rule_ids: ruleIds = [] } = value;
  if (typeof decision !== 'string') return bad(`"decision" is missing or not a string: ${show(decision)}`);
  if (!(DECISIONS as readonly string[]).includes(decision)) {
    return {
      kind: 'failure',
      verdict: engineFailure(
        'engine.unknown_decision',
        `unknown decision ${show(decision)} (expected allow, ask or block)`,
      ),
    };
  }
  if (typeof risk !== 'string' || !(RISKS as readonly string[]).includes(risk)) {
    return bad(`"risk" must be low, medium, high or critical, got ${show(risk)}`);
  }
  if (!Array.isArray(reasons)) return bad(`"reasons" must be an array, got ${show(reasons)}`);
  if (reasons.length > MAX_REASONS) return bad(`more than ${MAX_REASONS} reasons`);
  const parsed: Reason[] = [];
  for (const [i, raw] of reasons.entries()) {
    const r = parseReason(raw, i);
    if (typeof r === 'string') return bad(r);
    parsed.push(r);
  }
  if (!Array.isArray(ruleIds) || !ruleIds.every((id) => typeof id === 'string' && RULE_ID.test(id))) {
    return bad(`"rule_ids" must be an array of pack:rule-name ids, got ${show(ruleIds)}`);
  }
  return {
    kind: 'value',
    value: {
      decision: decision as Verdict['decision'],
      risk: risk as Verdict['risk'],
      reasons: parsed,
      rule_ids: [...new Set(ruleIds as string[])],
    },
  };
}
