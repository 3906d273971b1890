import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { tokenize } from '../../src/domain/shell/tokenize.js';

interface Case {
  text: string;
  words?: string[];
  codes?: string[];
}
const cases: Case[] = JSON.parse(readFileSync(new URL('./tokenize.cases.json', import.meta.url), 'utf8'));

describe('tokenize', () => {
  for (const c of cases) {
    it(JSON.stringify(c.text), () => {
      const r = tokenize(c.text, { home: '/home/u' });
      if (c.words) {
        expect(r).toEqual({ ok: true, words: c.words });
      } else {
        expect(r.ok).toBe(false);
        if (!r.ok) expect(r.reasons.map((x) => x.code).sort()).toEqual([...c.codes!].sort());
      }
    });
  }
});
