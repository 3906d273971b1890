import { describe, expect, it } from 'vitest';
import { narrowRule, sameRule } from '../../src/domain/approvals/alwaysRule.js';
import type { AlwaysScope } from '../../src/domain/approvals/alwaysRule.js';
import { alwaysEligibility } from '../../src/domain/approvals/alwaysEligibility.js';
import type { ReasonCode } from '../../src/domain/reasonCodes.js';
import { isReasonCode } from '../../src/domain/reasonCodes.js';
import cases from './alwaysRule.cases.json' with { type: 'json' };

describe('narrowRule', () => {
  it.each(cases.narrow)('$argv ($scope)', (c) => {
    const out = narrowRule(c.argv, c.scope as AlwaysScope, '2026-11-29');
    if ('error' in c) {
      expect(out.ok).toBe(false);
      if (!out.ok) expect(out.message).toContain(c.error);
      return;
    }
    expect(out.ok).toBe(true);
    if (!out.ok) return;
    expect(out.rule).toMatchObject(c.rule);
    // Exactly one of the narrowing forms, never a wider one.
    expect(out.rule.argsContain).toBeUndefined();
    expect(c.scope === 'command' ? out.rule.subcommand : out.rule.args).toBeUndefined();
    expect(out.rule.id).toMatch(/^approved:[A-Za-z0-9._:-]+$/);
    expect(out.rule.reason).toContain('2026-11-29');
  });

  it('gives different requests different ids and the same request the same id', () => {
    const a = narrowRule(['mytool', 'a'], 'command', 'd');
    const b = narrowRule(['mytool', 'b'], 'command', 'd');
    const a2 = narrowRule(['mytool', 'a'], 'command', 'other day');
    if (!a.ok || !b.ok || !a2.ok) throw new Error('narrowRule failed');
    expect(a.rule.id).not.toBe(b.rule.id);
    expect(a.rule.id).toBe(a2.rule.id);
  });

  it('keeps rule ids within the config charset whatever the command is called', () => {
    const r = narrowRule(['./my tool;\u202E', 'x'], 'command', 'd');
    expect(r.ok && r.rule.id).toMatch(/^approved:[A-Za-z0-9._-]+-[0-9a-f]{8}$/);
  });
});

describe('sameRule', () => {
  const base = { id: 'x', command: 'git', subcommand: ['push'], decision: 'allow' as const };
  it.each([
    ['identical apart from id and reason', { ...base, id: 'y', reason: 'r' }, true],
    [
      'an empty subcommand list is no subcommand, unlike push',
      { id: 'x', command: 'git', subcommand: [], decision: 'allow' as const },
      false,
    ],
    ['another decision', { ...base, decision: 'ask' as const }, false],
    ['another subcommand', { ...base, subcommand: ['pull'] }, false],
    ['exact args vs any args', { ...base, args: [] }, false],
  ])('%s', (_name, other, same) => {
    expect(sameRule(base, other)).toBe(same);
  });
});

describe('alwaysEligibility', () => {
  it.each(cases.eligible)('$codes => ok $ok', ({ codes, ok }) => {
    for (const c of codes) expect(isReasonCode(c), c).toBe(true);
    const v = {
      decision: 'ask' as const,
      risk: 'medium' as const,
      reasons: codes.map((code) => ({ code: code as ReasonCode, message: 'm' })),
      rule_ids: [],
    };
    const out = alwaysEligibility(v);
    expect(out.ok).toBe(ok);
    if (!out.ok) expect(out.message).toMatch(/approve once instead/);
  });
});
