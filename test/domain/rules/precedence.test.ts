// Rule precedence (docs/rules.md) as data: specificity, ties, floors, wildcards, conditions,
// and what an allow may lift. Each case runs the whole native review.
import { describe, expect, it } from 'vitest';
import { defaultConfig } from '../../../src/domain/defaultConfig.js';
import type { ConfigRule } from '../../../src/domain/policyConfig.js';
import { reviewCommand } from '../../../src/domain/review/reviewCommand.js';
import { FAKE_PATH_COMMANDS, fakeHostFacts } from '../review/fakeHostFacts.js';
import { withRealGrammar } from '../review/grammarFacts.js';
import data from './precedence.cases.json' with { type: 'json' };

interface Case {
  name: string;
  rules: ConfigRule[];
  command: string;
  cwd?: string;
  agent?: string;
  decision: string;
  risk?: string;
  ruleIds?: string[];
  absentRuleIds?: string[];
  codes?: string[];
}

describe('config rule precedence', async () => {
  const facts = await withRealGrammar(fakeHostFacts({ onPath: [...FAKE_PATH_COMMANDS, 'mytool'] }));
  it.each(data.cases as Case[])('$name', (c) => {
    const config = { ...defaultConfig(), rules: c.rules };
    const v = reviewCommand({ command: c.command, cwd: c.cwd ?? '/work/proj', agent: c.agent }, config, facts).verdict;
    const why = `${v.decision}/${v.risk} ${v.reasons.map((r) => r.code).join(',')} ${v.rule_ids.join(',')}`;
    expect(v.decision, why).toBe(c.decision);
    if (c.risk) expect(v.risk, why).toBe(c.risk);
    for (const id of c.ruleIds ?? []) expect(v.rule_ids, why).toContain(id);
    for (const id of c.absentRuleIds ?? []) expect(v.rule_ids, why).not.toContain(id);
    for (const code of c.codes ?? [])
      expect(
        v.reasons.map((r) => r.code),
        why,
      ).toContain(code);
  });
});
