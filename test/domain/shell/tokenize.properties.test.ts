import fc from 'fast-check';
import { quote } from 'shell-quote';
import { describe, expect, it } from 'vitest';
import { isReasonCode } from '../../../src/domain/reasonCodes.js';
import { tokenize } from '../../../src/domain/shell/tokenize.js';
import { shellishString } from './tokenizeCorpus.js';

const opts = { home: '/home/u' };
const anyText = fc.oneof(shellishString, fc.string({ unit: 'binary', maxLength: 60 }), fc.string({ maxLength: 60 }));

describe('tokenize: properties', () => {
  it('never throws, and answers either words or known reason codes', () => {
    fc.assert(
      fc.property(anyText, (text) => {
        const r = tokenize(text, opts);
        if (r.ok) {
          expect(r.words.length).toBeGreaterThan(0);
        } else {
          expect(r.reasons.length).toBeGreaterThan(0);
          for (const reason of r.reasons) expect(isReasonCode(reason.code)).toBe(true);
          expect(new Set(r.reasons.map((x) => x.code)).size).toBe(r.reasons.length);
        }
      }),
      { numRuns: 3000 },
    );
  });

  it("re-quoting accepted words with shell-quote's quote gives back the same words", () => {
    let accepted = 0;
    fc.assert(
      fc.property(shellishString, (text) => {
        const r = tokenize(text, opts);
        if (!r.ok) return;
        accepted++;
        const again = tokenize(quote(r.words), opts);
        expect(again).toEqual({ ok: true, words: r.words });
      }),
      { numRuns: 3000 },
    );
    // The generator must actually exercise the accepting path.
    expect(accepted).toBeGreaterThan(300);
  });

  it('words never contain a control character or an unquoted newline', () => {
    fc.assert(
      fc.property(anyText, (text) => {
        const r = tokenize(text, opts);
        if (r.ok) for (const w of r.words) expect(/[\u0000-\u0008\u000a-\u001f\u007f]/.test(w)).toBe(false);
      }),
      { numRuns: 3000 },
    );
  });

  it('anything after an accepted command joined by an operator is refused', () => {
    fc.assert(
      fc.property(shellishString, fc.constantFrom(';', '&&', '||', '|', '&', '\n', '>', '<'), (text, op) => {
        if (!tokenize(text, opts).ok) return;
        expect(tokenize(`${text} ${op} rm -rf x`, opts).ok).toBe(false);
      }),
      { numRuns: 2000 },
    );
  });
});
