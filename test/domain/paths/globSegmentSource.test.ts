import { describe, expect, it } from 'vitest';
import { globSegmentSource } from '../../../src/domain/paths/pathGlob.js';

// fnmatch's reading of one segment; `]` right after `[` is a member (JS would read `[]` as an empty class).
const cases: Array<[glob: string, name: string, matches: boolean]> = [
  ['*.ts', 'a.ts', true],
  ['*.ts', 'a.js', false],
  ['*.ts', 'a/b.ts', false],
  ['?.env', 'a.env', true],
  ['?.env', 'ab.env', false],
  ['[ab].key', 'a.key', true],
  ['[ab].key', 'c.key', false],
  ['[!ab].key', 'c.key', true],
  ['[!ab].key', 'a.key', false],
  ['[]x].pem', '].pem', true],
  ['[]x].pem', 'x.pem', true],
  ['[]x].pem', 'y.pem', false],
  ['[!]].pem', 'a.pem', true],
  ['[!]].pem', '].pem', false],
  ['a[', 'a[', true],
  ['a.b', 'axb', false],
  ['(x)+', '(x)+', true],
];

describe('globSegmentSource', () => {
  it.each(cases)('%s against %s → %s', (glob, name, matches) => {
    expect(new RegExp(`^${globSegmentSource(glob)}$`).test(name)).toBe(matches);
  });
});
