// Session approvals expire (docs/rules.md): a rule saved by `approve --always --for session`
// applies in its session for approvals.sessionTtlHours (default 24) after savedAt, and no longer.
import { describe, expect, it } from 'vitest';
import { defaultConfig } from '../../../src/domain/defaultConfig.js';
import type { ConfigRule } from '../../../src/domain/policyConfig.js';
import { forSession } from '../../../src/domain/rules/sessionRules.js';
import data from './sessionExpiry.cases.json' with { type: 'json' };

interface Case {
  name: string;
  rule: Omit<ConfigRule, 'command' | 'decision'>;
  session?: string;
  ttlHours?: number;
  applies: boolean;
}

describe('session approvals expire', () => {
  const now = Date.parse(data.now);
  it.each(data.cases as Case[])('$name', (c) => {
    const base = defaultConfig();
    const rule: ConfigRule = { command: 'mytool', decision: 'allow', ...c.rule };
    const config = {
      ...base,
      approvals: { ...base.approvals, ...(c.ttlHours ? { sessionTtlHours: c.ttlHours } : {}) },
      rules: [rule],
    };
    expect(forSession(config, c.session, now).rules.map((r) => r.id)).toEqual(c.applies ? [rule.id] : []);
  });
});
