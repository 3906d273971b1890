// Issue 13 evidence: precedence over every pair of scopes and decisions (docs/rules.md). Two
// rules with the same pattern meet on one command; the scopes differ only in layer and
// conditions. The expected decision is the documented algorithm, spelled out below:
// floors (managed and project-file ask/block) always count; among the rest the one with more
// conditions (a project approval's cwd, a session approval's session) decides, a tie goes to the
// stricter; the result is the strictest of the deciding rule and the floors.
import { describe, expect, it } from 'vitest';
import { defaultConfig } from '../../../src/domain/defaultConfig.js';
import type { ConfigRule } from '../../../src/domain/policyConfig.js';
import type { Decision } from '../../../src/domain/verdict.js';
import { reviewCommand } from '../../../src/domain/review/reviewCommand.js';
import { forSession } from '../../../src/domain/rules/sessionRules.js';
import { FAKE_PATH_COMMANDS, fakeHostFacts } from '../review/fakeHostFacts.js';
import { withRealGrammar } from '../review/grammarFacts.js';

const SCOPES = ['managed', 'user', 'project-file', 'project-approval', 'session-approval'] as const;
type Scope = (typeof SCOPES)[number];
const DECISIONS: Decision[] = ['allow', 'ask', 'block'];
const NOW = Date.parse('2026-12-02T12:00:00.000Z');

function ruleFor(scope: Scope, decision: Decision, n: number): ConfigRule | undefined {
  const base: ConfigRule = { id: `${scope}:${decision}-${n}`, command: 'mytool', args: ['build'], decision };
  switch (scope) {
    case 'managed':
      return { ...base, layer: 'managed' };
    case 'user':
      return { ...base, layer: 'user' };
    // The loader drops a project file's allow (config.loosening_ignored): it never reaches the review.
    case 'project-file':
      return decision === 'allow' ? undefined : { ...base, layer: 'project' };
    case 'project-approval':
      return { ...base, cwd: '/work/proj/**', layer: 'user' };
    case 'session-approval':
      return { ...base, session: 's1', savedAt: '2026-12-02T11:00:00.000Z', layer: 'user' };
  }
}

const rank = (d: Decision): number => DECISIONS.indexOf(d);
const stricter = (a: Decision, b: Decision): Decision => (rank(a) >= rank(b) ? a : b);
const isFloor = (r: ConfigRule): boolean => r.decision !== 'allow' && (r.layer === 'managed' || r.layer === 'project');
const conditions = (r: ConfigRule): number => (r.cwd ? 1 : 0) + (r.session ? 1 : 0);

function expected(rules: ConfigRule[]): Decision {
  const contenders = rules.filter((r) => !isFloor(r));
  let winner: ConfigRule | undefined;
  for (const r of contenders) {
    if (
      !winner ||
      conditions(r) > conditions(winner) ||
      (conditions(r) === conditions(winner) && rank(r.decision) > rank(winner.decision))
    )
      winner = r;
  }
  // `mytool build` is unknown to the built-ins: without a deciding rule it asks.
  return rules.filter(isFloor).reduce<Decision>((d, r) => stricter(d, r.decision), winner?.decision ?? 'ask');
}

const pairs: Array<[string, ConfigRule[]]> = [];
for (const sa of SCOPES)
  for (const da of DECISIONS)
    for (const sb of SCOPES)
      for (const db of DECISIONS) {
        const rules = [ruleFor(sa, da, 1), ruleFor(sb, db, 2)].filter((r): r is ConfigRule => r !== undefined);
        pairs.push([`${sa} ${da} + ${sb} ${db}`, rules]);
      }

describe(`precedence over every pair of scopes and decisions (${pairs.length} pairs)`, async () => {
  const facts = await withRealGrammar(fakeHostFacts({ onPath: [...FAKE_PATH_COMMANDS, 'mytool'] }));
  it('a few pairs, spelled out (the oracle agrees with docs/rules.md)', () => {
    const r = (s: Scope, d: Decision) => ruleFor(s, d, 1)!;
    expect(expected([r('managed', 'block'), r('session-approval', 'allow')])).toBe('block');
    expect(expected([r('user', 'block'), r('project-approval', 'allow')])).toBe('allow');
    expect(expected([r('project-file', 'ask'), r('session-approval', 'allow')])).toBe('ask');
    expect(expected([r('managed', 'allow'), r('user', 'ask')])).toBe('ask');
    expect(expected([r('project-approval', 'allow'), r('session-approval', 'block')])).toBe('block');
  });
  it.each(pairs)('%s', (_name, rules) => {
    const config = forSession({ ...defaultConfig(), rules }, 's1', NOW);
    const v = reviewCommand({ command: 'mytool build', cwd: '/work/proj' }, config, facts).verdict;
    expect(v.decision, `${v.decision} ${v.reasons.map((x) => x.code).join(',')} ${v.rule_ids.join(',')}`).toBe(
      expected(rules),
    );
  });
});
