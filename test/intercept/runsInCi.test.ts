import { describe, expect, it } from 'vitest';
import { runsInCi } from '../../src/application/intercept/askHuman.js';

// Every spelling CI systems use must mean "nobody can answer": waiting for a human there only burns the timeout.
const cases: Array<[string | undefined, boolean]> = [
  [undefined, false],
  ['', false],
  ['0', false],
  ['false', false],
  ['FALSE', false],
  ['no', false],
  ['true', true],
  ['1', true],
  ['yes', true],
  ['TRUE', true],
  [' true ', true],
  ['github-actions', true],
];

describe('runsInCi', () => {
  it.each(cases)('CI=%j → %s', (value, expected) => {
    expect(runsInCi(value)).toBe(expected);
  });
});
