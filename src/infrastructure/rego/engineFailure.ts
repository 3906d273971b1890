import type { ReasonCode } from '../../domain/reasonCodes.js';
import type { Verdict } from '../../domain/verdict.js';
import { verdict } from '../../domain/verdict.js';

/** Every way the Rego engine can fail; each one is a `block` + `critical` verdict, never an exception. */
export type EngineFailureCode =
  | 'engine.opa_missing'
  | 'engine.timeout'
  | 'engine.failed'
  | 'engine.bad_output'
  | 'engine.unknown_decision';

/** One stable rule id for all engine failures, so audits can count them. */
export const ENGINE_FAILURE_RULE_ID = 'rego:fail-closed';

const MAX_DETAIL = 300;

/** Failure messages quote engine output; keep them short and on one line. */
export function oneLine(text: string): string {
  // eslint-disable-next-line no-control-regex
  const flat = text.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim();
  return flat.length > MAX_DETAIL ? `${flat.slice(0, MAX_DETAIL)}…` : flat;
}

export function engineFailure(code: EngineFailureCode & ReasonCode, message: string): Verdict {
  return verdict('block', 'critical', code, oneLine(message), ENGINE_FAILURE_RULE_ID);
}

/** The result of talking to OPA before its answer is judged: a value to validate, or a failure. */
export type EngineAnswer<T = unknown> = { kind: 'value'; value: T } | { kind: 'failure'; verdict: Verdict };
