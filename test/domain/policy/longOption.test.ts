import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { longOptionIs, matchLongOption, optionValuesOf } from '../../../src/domain/policy/longOption.js';

interface Case {
  word: string;
  table: string[];
  names: string[] | null;
  value?: string;
  ambiguous?: boolean;
  why: string;
}
const cases = JSON.parse(readFileSync(new URL('./longOption.cases.json', import.meta.url), 'utf8')) as Case[];

describe('matchLongOption (GNU getopt_long / git parse-options prefix rules)', () => {
  for (const c of cases) {
    it(`${c.word} — ${c.why}`, () => {
      const m = matchLongOption(c.word, c.table);
      if (c.names === null) {
        expect(m).toBeUndefined();
        return;
      }
      expect(m?.names).toEqual(c.names);
      expect(m?.value).toBe(c.value);
      expect(m?.ambiguous).toBe(c.ambiguous);
    });
  }

  it('every prefix of a name resolves to a set that contains the name', () => {
    const name = fc.stringMatching(/^--[a-z][a-z-]{0,15}$/);
    fc.assert(
      fc.property(fc.uniqueArray(name, { minLength: 1, maxLength: 8 }), fc.nat(), fc.nat(), (table, pick, cut) => {
        const full = table[pick % table.length]!;
        const prefix = full.slice(0, 3 + (cut % (full.length - 2)));
        expect(longOptionIs(prefix, full, table) || table.includes(prefix)).toBe(true);
        expect(longOptionIs(`${prefix}=v`, full, table) || table.includes(prefix)).toBe(true);
      }),
    );
  });

  it('optionValuesOf reads =value, a separate value, attached short values, and stops at --', () => {
    const t = ['--to-command', '--to-stdout'];
    expect(optionValuesOf(['--to-c=id', '-xf', 'x.tar'], ['--to-command'], [], t)).toEqual(['id']);
    expect(optionValuesOf(['--to-c', 'id'], ['--to-command'], [], t)).toEqual(['id']);
    expect(optionValuesOf(['--to-stdout', '-xf', 'x'], ['--to-command'], [], t)).toEqual([]);
    expect(optionValuesOf(['-Iid', '-cf', 'x'], [], ['-I'])).toEqual(['id']);
    expect(optionValuesOf(['-TT=id'], [], ['-TT'])).toEqual(['id']);
    expect(optionValuesOf(['--', '--to-command=id'], ['--to-command'], [], t)).toEqual([]);
  });
});
