// URL cases as data: every spelling of the metadata service, loopback, private ranges, parser
// tricks, schemes, and the false-positive traps that must stay allowed.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { defaultConfig } from '../../../src/domain/defaultConfig.js';
import { DECISIONS } from '../../../src/domain/verdict.js';
import { findUrls, judgeUrls } from '../../../src/domain/urls/judgeUrls.js';

interface Case {
  words: string[];
  decision: 'allow' | 'ask' | 'block' | null;
  atLeast?: 'ask' | 'block';
  risk?: string;
  codes?: string[];
  mustInclude?: string[];
  urls?: string[];
  allowHosts?: string[];
  allowSchemes?: string[];
  note?: string;
}

const cases: Case[] = JSON.parse(readFileSync(new URL('./urls.cases.json', import.meta.url), 'utf8'));

describe('findUrls + judgeUrls (cases as data)', () => {
  it('has a few hundred cases', () => expect(cases.length).toBeGreaterThanOrEqual(150));
  for (const c of cases) {
    const expected = c.decision ?? `>= ${c.atLeast}`;
    it(`${JSON.stringify(c.words)} => ${expected}${c.note ? ` [${c.note}]` : ''}`, () => {
      const base = defaultConfig();
      const config = {
        ...base,
        urls: { ...base.urls, allowHosts: c.allowHosts ?? [], allowSchemes: c.allowSchemes ?? base.urls.allowSchemes },
      };
      const urls = findUrls(c.words);
      if (c.urls) expect(urls).toEqual(c.urls);
      const v = judgeUrls(urls, config);
      const codes = [...new Set(v.reasons.map((r) => r.code))].sort();
      if (c.decision) expect(v.decision, JSON.stringify({ urls, reasons: v.reasons })).toBe(c.decision);
      if (c.atLeast)
        expect(DECISIONS.indexOf(v.decision), JSON.stringify(v.reasons)).toBeGreaterThanOrEqual(
          DECISIONS.indexOf(c.atLeast),
        );
      if (c.risk) expect(v.risk).toBe(c.risk);
      if (c.codes) expect(codes, JSON.stringify({ urls, reasons: v.reasons })).toEqual([...c.codes].sort());
      for (const code of c.mustInclude ?? [])
        expect(codes, JSON.stringify({ urls, reasons: v.reasons })).toContain(code);
      if (v.decision !== 'allow') expect(v.rule_ids.length).toBeGreaterThan(0);
    });
  }
});
