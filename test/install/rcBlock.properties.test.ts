import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BLOCK_BEGIN, hasBlock, insertion, posixBlock, removeBlock } from '../../src/application/install/rcBlock.js';

const block = posixBlock("/home/o'brien/.local/share/shimctl/bin", '/home/x/shims');
// Start-up file text: any mix of lines, CRLF, no trailing newline, unicode, empty.
const rcText = fc
  .array(fc.oneof(fc.string(), fc.constantFrom('\r\n', '\n', '# comment', 'export A=1', '\u00e9\u4e2d')), {
    maxLength: 20,
  })
  .map((parts) => parts.join(''));

describe('rc block edits', () => {
  it('removing what was inserted gives back every byte', () => {
    fc.assert(
      fc.property(rcText, (text) => {
        const ins = insertion(text, block);
        const edited = text + ins;
        expect(hasBlock(edited)).toBe(true);
        expect(edited.startsWith(text)).toBe(true);
        expect(removeBlock(edited, ins)).toBe(text);
      }),
      { numRuns: 500 },
    );
  });

  it('the block always starts on a line of its own', () => {
    fc.assert(
      fc.property(rcText, (text) => {
        const edited = text + insertion(text, block);
        const at = edited.lastIndexOf(BLOCK_BEGIN);
        expect(at === 0 || edited[at - 1] === '\n').toBe(true);
      }),
    );
  });

  it('falls back to the markers when the user edited inside the block, keeping the text around it', () => {
    const ins = insertion('a\n', block);
    const edited = `a\n${ins.replace('export PATH', 'export  PATH')}b\n`;
    expect(removeBlock(edited, ins)).toBe('a\nb\n');
    expect(removeBlock('no block here\n', ins)).toBeUndefined();
  });

  it('quotes the directory so a quote in a path cannot break out', () => {
    expect(block).toContain(`'/home/o'\\''brien/.local/share/shimctl/bin'`);
  });
});
