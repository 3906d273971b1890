// Each secret shape is scanned only in text holding one of its hints (secretPatterns.ts). A hint
// list that misses a spelling the shape's regex matches would let that credential into the audit
// log unredacted, so every shape is checked with samples generated from its own regex
// (regexSample.ts): each sample the regex matches must hold a hint, and shapeMatches must still
// find it. A new seed each run (printed; REDACTION_SAMPLE_SEED repeats one).
import { describe, expect, it } from 'vitest';
import { SECRET_SHAPES, shapeMatches } from '../../../src/domain/audit/secretPatterns.js';
import { redactSecrets } from '../../../src/domain/audit/redactSecrets.js';
import { sampleOf, seeded } from './regexSample.js';

const SEED = Number(process.env.REDACTION_SAMPLE_SEED ?? Math.floor(Math.random() * 2 ** 31));
const rand = seeded(SEED);
const PER_SHAPE = 300;

describe(`secret shapes: hints cover every match (seed ${SEED})`, () => {
  it.each(SECRET_SHAPES.map((s) => [s.label, s] as const))('%s', (_label, shape) => {
    expect(shape.hints.length).toBeGreaterThan(0);
    const whole = new RegExp(`^(?:${shape.re.source})$`, shape.re.flags.replace('g', ''));
    let checked = 0;
    for (let k = 0; k < PER_SHAPE * 4 && checked < PER_SHAPE; k++) {
      const sample = sampleOf(shape.re.source, rand);
      if (!whole.test(sample)) continue; // the sampler ignores lookarounds: keep real matches only
      checked++;
      expect(
        shape.hints.some((h) => sample.includes(h)),
        `${sample} holds none of ${shape.hints.join(' ')}`,
      ).toBe(true);
      expect([...shapeMatches(shape, ` ${sample} `)].length, sample).toBeGreaterThan(0);
    }
    // The sampler reached the shape: the checks above ran on real matches, not on none.
    expect(checked).toBeGreaterThan(PER_SHAPE / 2);
  });

  it('a text without any hint is left as it is, and one with a shape is still redacted', () => {
    const plain = 'cd /work/app && npm test -- --reporter=dot 2>&1 | tail -n 40';
    expect(redactSecrets(plain)).toBe(plain);
    const key = `ghp_${'a1B2c3D4e5'.repeat(4)}`;
    expect(redactSecrets(`${plain} && echo ${key}`)).not.toContain(key);
  });
});
