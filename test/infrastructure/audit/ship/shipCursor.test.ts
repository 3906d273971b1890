// The shipping cursor read in chunks (shipOnce sends at most SHIP_CHUNK records per transport
// session): every line once, in order, across a rotation, a partial last line left for later.
import { appendFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { newLines } from '../../../../src/infrastructure/audit/ship/shipCursor.js';
import type { ShipCursor } from '../../../../src/infrastructure/audit/ship/shipCursor.js';
import { tempDir } from '../../../support/tempDirs.js';

const rec = (i: number): string => `${JSON.stringify({ id: `r-${i}`, command: `echo ${'x'.repeat(i % 13)}` })}\n`;

function drain(
  log: string,
  start: ShipCursor | undefined,
  max: number,
): { ids: string[]; cursor: ShipCursor | undefined } {
  const ids: string[] = [];
  let cursor = start;
  for (;;) {
    const { lines, next } = newLines(log, cursor, max);
    if (lines.length === 0) return { ids, cursor };
    expect(lines.length).toBeLessThanOrEqual(max);
    ids.push(...lines.map((l) => (JSON.parse(l) as { id: string }).id));
    cursor = next;
  }
}

describe.each([1, 3, 7, 1000])('newLines in chunks of %i', (max) => {
  it('reads every record once, in order, across a rotation; a line being written waits', () => {
    const log = join(tempDir('shimctl-cursor-'), 'audit.jsonl');
    writeFileSync(log, Array.from({ length: 10 }, (_, i) => rec(i)).join(''));
    const first = drain(log, undefined, max);
    expect(first.ids).toEqual(Array.from({ length: 10 }, (_, i) => `r-${i}`));
    // More records, then the file is rotated away and a new one begins, with a torn last line.
    appendFileSync(log, [10, 11, 12, 13, 14].map(rec).join(''));
    renameSync(log, `${log}.1`);
    writeFileSync(log, [15, 16, 17].map(rec).join('') + '{"id":"r-18"');
    const second = drain(log, first.cursor, max);
    expect(second.ids).toEqual([10, 11, 12, 13, 14, 15, 16, 17].map((i) => `r-${i}`));
    appendFileSync(log, `,"command":"x"}\n`);
    expect(drain(log, second.cursor, max).ids).toEqual(['r-18']);
  });
});

describe('a cursor whose file retention deleted', () => {
  it('goes on with every file left, oldest first (they are all newer than the deleted one)', () => {
    const log = join(tempDir('shimctl-cursor-'), 'audit.jsonl');
    writeFileSync(log, [0, 1, 2].map(rec).join(''));
    const first = drain(log, undefined, 1000);
    appendFileSync(log, [3].map(rec).join(''));
    // Three rotations while shipping was stopped; the oldest (the cursor's file) is deleted.
    renameSync(log, `${log}.1`);
    writeFileSync(log, [4, 5].map(rec).join(''));
    renameSync(`${log}.1`, `${log}.2`);
    renameSync(log, `${log}.1`);
    writeFileSync(log, [6].map(rec).join(''));
    unlinkSync(`${log}.2`);
    expect(drain(log, first.cursor, 1000).ids).toEqual(['r-4', 'r-5', 'r-6']);
  });
});
