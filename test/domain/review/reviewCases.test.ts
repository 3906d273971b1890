import { describe, expect, it } from 'vitest';
import { reviewCommand } from '../../../src/domain/review/reviewCommand.js';
import { defaultConfig } from '../../../src/domain/defaultConfig.js';
import { fakeHostFacts } from './fakeHostFacts.js';
import { loadCases, rank } from './caseTable.js';

const cases = loadCases(new URL('./cases', import.meta.url).pathname);
const config = defaultConfig();
const facts = fakeHostFacts();

describe('review cases (test/domain/review/cases/*.jsonl)', () => {
  it('has several hundred cases', () => {
    expect(cases.length).toBeGreaterThan(300);
  });
  for (const c of cases) {
    const label = `${c.file}:${c.line} ${JSON.stringify(c.command ?? c.argv)}`;
    it(label, () => {
      const req = c.argv
        ? { argv: c.argv, cwd: c.cwd ?? '/work/proj' }
        : { command: c.command!, cwd: c.cwd ?? '/work/proj', hop: c.hop, agent: c.agent };
      const exists = c.exists;
      const r = reviewCommand(req, config, exists ? { ...facts, entryExists: (p) => exists.includes(p) } : facts);
      const v = r.verdict;
      const codes = v.reasons.map((x) => x.code);
      const why = `${label} → ${v.decision}/${v.risk} ${codes.join(',')} ${v.rule_ids.join(',')}`;
      if (c.expect) expect(v.decision, why).toBe(c.expect);
      if (c.atLeast) expect(rank.decision(v.decision), why).toBeGreaterThanOrEqual(rank.decision(c.atLeast));
      if (c.risk) expect(v.risk, why).toBe(c.risk);
      if (c.minRisk) expect(rank.risk(v.risk), why).toBeGreaterThanOrEqual(rank.risk(c.minRisk));
      for (const code of c.codes ?? []) expect(codes, why).toContain(code);
      for (const code of c.absentCodes ?? []) expect(codes, why).not.toContain(code);
      for (const id of c.rules ?? []) expect(v.rule_ids, why).toContain(id);
    });
  }
});
