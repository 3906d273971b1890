import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sha256Hex } from '../../../src/domain/audit/sha256.js';

describe('sha256Hex (plain TypeScript) agrees with node:crypto', () => {
  // Lengths around the 55/56/64-byte padding edges, and a few larger ones.
  for (const n of [0, 1, 3, 55, 56, 57, 63, 64, 65, 119, 120, 127, 128, 1000, 4097, 100_003]) {
    it(`${n} random bytes`, () => {
      const b = randomBytes(n);
      expect(sha256Hex(b)).toBe(createHash('sha256').update(b).digest('hex'));
    });
  }
  it('a string is hashed as UTF-8 (lone surrogates as U+FFFD, like Buffer.from)', () => {
    for (const s of ['', 'abc', 'héllo 中文 🎉', 'x\ud800y'])
      expect(sha256Hex(s)).toBe(createHash('sha256').update(s, 'utf8').digest('hex'));
  });
});
