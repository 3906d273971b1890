import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hasHiddenCharacters, showControls } from '../../src/domain/approvals/showControls.js';
import { terminalSafeJson } from '../../src/interfaces/cli/approvals/terminalSafeJson.js';
import cases from './showControls.cases.json' with { type: 'json' };

// Anything a terminal could act on or that is invisible: C0, DEL, C1, format characters, separators.
const ACTIVE = /[\u0000-\u001f\u007f-\u009f\p{Cf}\u2028\u2029]/u;

describe('showControls', () => {
  it.each(cases)('$why', ({ input, shown }) => {
    expect(showControls(input)).toBe(shown);
    // Hidden means: something other than a backslash had to be escaped.
    expect(hasHiddenCharacters(input)).toBe(showControls(input) !== input.replace(/\\/g, '\\\\'));
  });

  it('never lets an active or invisible character through (any string)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (s) => !ACTIVE.test(showControls(s))),
      { numRuns: 2000 },
    );
  });

  it('is injective: two different texts never display the same (no spoofing through the escaping itself)', () => {
    const alphabet = fc.constantFrom(
      'a',
      '\\',
      'e',
      'x',
      'u',
      '{',
      '}',
      '0',
      '2',
      'E',
      '\u001b',
      '\u0000',
      '\u202E',
      '\n',
      'n',
      '\u0085',
      '8',
      '5',
    );
    fc.assert(
      fc.property(fc.array(alphabet, { maxLength: 8 }), fc.array(alphabet, { maxLength: 8 }), (a, b) => {
        const x = a.join('');
        const y = b.join('');
        return x === y || showControls(x) !== showControls(y);
      }),
      { numRuns: 5000 },
    );
  });
});

describe('terminalSafeJson', () => {
  it('escapes what JSON.stringify leaves raw and parses back to the same value', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (s) => {
        const text = terminalSafeJson({ s });
        return !ACTIVE.test(text) && JSON.parse(text).s === s;
      }),
      { numRuns: 2000 },
    );
  });
});
