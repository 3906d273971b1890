// The strict judge of what a Rego policy returns: a table of values, each allowed or fail-closed.
import { describe, expect, it } from 'vitest';
import { parseRegoVerdict } from '../../../src/infrastructure/rego/parseRegoVerdict.js';
import cases from './regoVerdicts.cases.json' with { type: 'json' };

type Case = (typeof cases.cases)[number] & { value?: unknown; omitValue?: boolean };

function valueOf(c: Case): unknown {
  if (c.omitValue) return undefined;
  const v = c.value as Record<string, unknown>;
  if (v && typeof v === 'object' && 'reasonsRepeat' in v) {
    const { reasonsRepeat, ...rest } = v;
    return {
      ...rest,
      reasons: Array.from({ length: reasonsRepeat as number }, () => ({ code: 'command.asked', message: 'x' })),
    };
  }
  return c.value;
}

describe('a Rego verdict is judged strictly', () => {
  for (const c of cases.cases as Case[]) {
    it(c.name, () => {
      const answer = parseRegoVerdict(valueOf(c));
      const e = c.expect as {
        fails?: boolean;
        decision?: string;
        risk?: string;
        code?: string;
        message?: string;
        ruleIds?: string[];
      };
      if (e.fails) {
        expect(answer.kind).toBe('failure');
        if (answer.kind !== 'failure') return;
        expect(answer.verdict).toMatchObject({ decision: 'block', risk: 'critical', rule_ids: ['rego:fail-closed'] });
        expect(answer.verdict.reasons[0]!.code).toBe(e.code);
        return;
      }
      expect(answer.kind).toBe('value');
      if (answer.kind !== 'value') return;
      expect(answer.value.decision).toBe(e.decision);
      if (e.risk) expect(answer.value.risk).toBe(e.risk);
      if (e.code) expect(answer.value.reasons[0]!.code).toBe(e.code);
      if (e.message) expect(answer.value.reasons[0]!.message).toBe(e.message);
      if (e.ruleIds) expect(answer.value.rule_ids).toEqual(e.ruleIds);
    });
  }
});
