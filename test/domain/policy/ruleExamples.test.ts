import { describe, expect, it } from 'vitest';
import { BUILTIN_PACKS, BUILTIN_RULES } from '../../../src/domain/policy/packs/index.js';
import { makeArgView } from '../../../src/domain/policy/argView.js';
import { ruleMatches } from '../../../src/domain/policy/ruleTypes.js';
import { isReasonCode } from '../../../src/domain/reasonCodes.js';
import { tokenize } from '../../../src/domain/shell/tokenize.js';

function viewOf(example: string) {
  const t = tokenize(example, { home: '/home/u' });
  if (!t.ok) throw new Error(`example does not tokenize: ${example}`);
  return makeArgView(t.words[0]!, t.words.slice(1));
}

describe('built-in rules are data with stable ids and checked examples', () => {
  it('has rules in every pack', () => {
    for (const [pack, rules] of Object.entries(BUILTIN_PACKS)) expect(rules.length, pack).toBeGreaterThan(0);
  });
  it('ids are unique and look like pack:rule-name of their own pack', () => {
    const ids = BUILTIN_RULES.map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const [pack, rules] of Object.entries(BUILTIN_PACKS)) {
      for (const r of rules) expect(r.id).toMatch(new RegExp(`^${pack}:[a-z0-9]+(-[a-z0-9]+)*$`));
    }
  });
  for (const rule of BUILTIN_RULES) {
    describe(rule.id, () => {
      it('uses a known reason code and has examples both ways', () => {
        expect(isReasonCode(rule.code)).toBe(true);
        expect(rule.examples.match.length).toBeGreaterThan(0);
        expect(rule.examples.noMatch.length).toBeGreaterThan(0);
      });
      for (const ex of rule.examples.match) {
        it(`matches ${JSON.stringify(ex)}`, () => expect(ruleMatches(rule, viewOf(ex))).toBe(true));
      }
      for (const ex of rule.examples.noMatch) {
        it(`does not match ${JSON.stringify(ex)}`, () => expect(ruleMatches(rule, viewOf(ex))).toBe(false));
      }
    });
  }
});
