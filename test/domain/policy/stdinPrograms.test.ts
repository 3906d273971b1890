import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { stdinReading } from '../../../src/domain/policy/stdinPrograms.js';

interface Case {
  words: string[];
  kind: string;
  argv?: string[];
}
const { cases } = JSON.parse(readFileSync(new URL('./stdinPrograms.cases.json', import.meta.url), 'utf8')) as {
  cases: Case[];
};

describe('what a command does with a here-document on stdin (stdinPrograms.cases.json)', () => {
  for (const c of cases) {
    it(`${c.words.join(' ')} → ${c.kind}`, () => {
      const r = stdinReading(c.words, 'BODY');
      expect(r.kind).toBe(c.kind);
      if (c.argv) expect('argv' in r ? r.argv : undefined).toEqual(c.argv);
    });
  }
});
