// The README is the front page (issue 16): what shimctl is, the quickstart, the support table,
// one example each and links. The reference lives in docs/; this keeps it from growing back.
import { describe, expect, it } from 'vitest';
import { readReadme } from './readmeText.js';

const MAX_LINES = 250;

describe('README length', () => {
  it(`is at most ${MAX_LINES} lines (move detail to docs/)`, () => {
    const lines = readReadme().replace(/\n$/, '').split('\n').length;
    expect(lines).toBeLessThanOrEqual(MAX_LINES);
  });
});
