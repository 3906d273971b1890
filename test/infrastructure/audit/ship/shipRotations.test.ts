// Issue 14, records across two rotations: the real audit writer rotates twice while shipping is
// stopped (a small maxBytes), and compresses the file the cursor was in into `.2.gz` (a new
// inode). Before, the cursor followed only the plain rotated file with its inode and then jumped
// to the live log: the rest of its own file and the whole middle file (`.1`) were never sent.
// Now the cursor names its file by its first line's hash too, and a run reads on through every
// newer file: each record once, in order.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createAuditLog } from '../../../../src/infrastructure/audit/createAuditLog.js';
import { statePaths } from '../../../../src/infrastructure/paths/statePaths.js';
import { defaultConfig } from '../../../../src/domain/defaultConfig.js';
import { shipOnce } from '../../../../src/infrastructure/audit/ship/shipOnce.js';
import { rotatedFiles } from '../../../../src/infrastructure/audit/auditFiles.js';
import { record, tempHome } from '../auditTestKit.js';

// The writer compresses `.2` on after each rotation and its close waits for that: with two or
// more rotations the cursor's file is a `.gz` by the time shipping resumes.
const CASES = [
  { name: 'one rotation (cursor in .1, plain)', rotations: 1 },
  { name: 'two rotations (cursor in .2.gz, then .1)', rotations: 2 },
  { name: 'three rotations (cursor in .3.gz, then .2.gz, .1)', rotations: 3 },
];

describe.each(CASES)('shipping across rotations: $name', ({ rotations }) => {
  it('every record once, in order', async () => {
    const home = tempHome();
    const paths = statePaths({ HOME: home });
    const out = join(home, 'shipped.jsonl');
    const config = { targets: [{ type: 'file' as const, path: out }], timeoutMs: 15_000 };
    const cursor = join(home, 'ship.cursor');
    const audit = { ...defaultConfig().audit, maxBytes: 8 * 1024 };
    const ids: string[] = [];
    const w = await createAuditLog(paths, audit).open();
    const put = async (n: number): Promise<void> => {
      for (let i = 0; i < n; i++) {
        const id = `r-${ids.length}`;
        ids.push(id);
        await w.write(record({ id, command: `echo ${id} ${'x'.repeat(200)}` }));
      }
    };
    await put(10);
    expect(await shipOnce(paths.auditLog, cursor, config)).toMatchObject({ sent: 10, advanced: true });
    // Shipping stopped: more in the cursor's file, then enough to rotate `rotations` times.
    await put(5);
    while (rotatedFiles(paths.auditLog).length < rotations) await put(1);
    await put(3);
    await w.close();
    expect(rotatedFiles(paths.auditLog).map((f) => f.gz)).toEqual(Array.from({ length: rotations }, (_, i) => i > 0));

    const back = await shipOnce(paths.auditLog, cursor, config);
    expect(back, JSON.stringify(back)).toMatchObject({ sent: ids.length - 10, advanced: true });
    expect(await shipOnce(paths.auditLog, cursor, config)).toMatchObject({ sent: 0 });
    const shipped = readFileSync(out, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((l) => (JSON.parse(l) as { id: string }).id);
    expect(shipped).toEqual(ids);
  }, 60_000);
});
