import fc from 'fast-check';

/**
 * Strings built from the characters that matter to bash's word splitting and quoting, so that a
 * useful share of them is one simple command the tokenizer accepts.
 */
const PIECES = [
  'a',
  'b',
  'x',
  '-',
  '.',
  '/',
  '=',
  ':',
  '~',
  ' ',
  ' ',
  '\t',
  "'",
  '"',
  '\\',
  '{',
  '}',
  ',',
  '#',
  '!',
  '%',
  '^',
  '@',
  '+',
  'é',
  '日',
  '[',
  ']',
  '\\\n',
  '..',
  'A=',
  'K=',
  '\\"',
  "\\'",
  '$',
  '*',
  ';',
  '&',
  '|',
  '<',
  '(',
  'if',
  '\u00a0',
];

export const shellishString = fc
  .array(fc.constantFrom(...PIECES), { minLength: 1, maxLength: 14 })
  .map((parts) => parts.join(''));

/** A deterministic sample, so the differential corpus is the same on every run. */
export function sampleShellish(count: number, seed: number): string[] {
  return fc.sample(shellishString, { numRuns: count, seed });
}
