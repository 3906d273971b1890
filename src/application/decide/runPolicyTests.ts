import type { ReviewRequest } from '../../domain/reviewRequest.js';
import type { Decision, Risk, Verdict } from '../../domain/verdict.js';
import type { DecideDeps } from './decideUseCase.js';
import { decideUseCase } from './decideUseCase.js';

export interface PolicyExpectation {
  decision: Decision;
  risk?: Risk;
  /** Reason codes that must all be present (others may be too). */
  codes?: string[];
  /** Rule ids that must all be present. */
  rule_ids?: string[];
}

export interface PolicyTestCase {
  line: number;
  name?: string;
  request: ReviewRequest;
  expect: PolicyExpectation;
}

export interface PolicyTestResult {
  testCase: PolicyTestCase;
  verdict: Verdict;
  pass: boolean;
  /** Why it failed, one phrase per mismatch. */
  mismatches: string[];
}

export function compareVerdict(expect: PolicyExpectation, v: Verdict): string[] {
  const out: string[] = [];
  if (v.decision !== expect.decision) out.push(`decision ${v.decision}, expected ${expect.decision}`);
  if (expect.risk && v.risk !== expect.risk) out.push(`risk ${v.risk}, expected ${expect.risk}`);
  const codes = new Set(v.reasons.map((r) => r.code as string));
  for (const c of expect.codes ?? []) if (!codes.has(c)) out.push(`missing code ${c}`);
  for (const id of expect.rule_ids ?? []) if (!v.rule_ids.includes(id)) out.push(`missing rule ${id}`);
  return out;
}

/** Runs every case through the same decide path as `shimctl decide`; never executes a command. */
export async function runPolicyTests(cases: PolicyTestCase[], deps: DecideDeps): Promise<PolicyTestResult[]> {
  const results: PolicyTestResult[] = [];
  for (const testCase of cases) {
    const { verdict } = await decideUseCase(testCase.request, deps);
    const mismatches = compareVerdict(testCase.expect, verdict);
    results.push({ testCase, verdict, pass: mismatches.length === 0, mismatches });
  }
  return results;
}
