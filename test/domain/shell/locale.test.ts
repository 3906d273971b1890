// The locale bash parses in (issue 17, item 3); cases are data (locale.cases.json). The real
// locales are exercised end to end in test/e2e/locale.test.ts.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { defaultConfig } from '../../../src/domain/defaultConfig.js';
import { reviewCommand } from '../../../src/domain/review/reviewCommand.js';
import { charsetOf, localeEnvOf, localeRefusal } from '../../../src/domain/shell/locale.js';
import { fakeHostFacts } from '../review/fakeHostFacts.js';

interface Table {
  charset: Array<[string, string]>;
  refuse: Array<{ text: string; env: Record<string, string>; refused: boolean; why?: string }>;
  assign: Array<[string, string]>;
}
const table = JSON.parse(readFileSync(new URL('./locale.cases.json', import.meta.url), 'utf8')) as Table;

describe('locale names', () => {
  it.each(table.charset)('%s → %s', (name, expected) => {
    expect(charsetOf(name)).toBe(expected);
  });
});

describe('non-ASCII text under the locale of the request', () => {
  it.each(table.refuse)('$text with $env', (c) => {
    const facts = { ...fakeHostFacts(), locale: localeEnvOf(c.env) };
    const v = reviewCommand({ command: c.text, cwd: '/work/proj' }, defaultConfig(), facts).verdict;
    const codes = v.reasons.map((r) => r.code);
    if (c.refused) {
      expect(v.decision).toBe('block');
      expect(codes).toContain('syntax.locale');
    } else {
      expect(codes).not.toContain('syntax.locale');
      expect(localeRefusal(c.text, localeEnvOf(c.env))).toBeUndefined();
    }
  });
});

describe('assignments that select a locale', () => {
  it.each(table.assign)('%s → %s', (text, expected) => {
    const v = reviewCommand({ command: text, cwd: '/work/proj' }, defaultConfig(), {
      ...fakeHostFacts(),
      locale: { LANG: 'C.UTF-8' },
    }).verdict;
    const codes = v.reasons.map((r) => r.code);
    if (expected === 'ask') {
      expect(v.decision, codes.join()).toBe('ask');
      expect(codes).toContain('env.locale');
    } else {
      expect(codes).not.toContain('env.locale');
    }
  });
});
