// Issue 17: ~2,300 large allowed commands churned the default rotation (5 × 50 MiB) and an
// earlier `rm` record was gone from every file. Rotation now deletes only files whose newest
// record is older than audit.retentionDays; past `keep` it compresses instead. Real files.
import { execFile } from 'node:child_process';
import { readdirSync, statSync, utimesSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { build } from 'esbuild';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAuditLog } from '../../../src/infrastructure/audit/createAuditLog.js';
import type { AuditSettings } from '../../../src/infrastructure/audit/createAuditLog.js';
import { auditLinesNewestFirst } from '../../../src/infrastructure/audit/readLinesBackward.js';
import { verifyAuditLog } from '../../../src/infrastructure/audit/verifyAuditLog.js';
import { statePaths } from '../../../src/infrastructure/paths/statePaths.js';
import { record, tempHome } from './auditTestKit.js';

const run = promisify(execFile);
let writerBundle = '';
beforeAll(async () => {
  writerBundle = join(tempHome(), 'writer.cjs');
  await build({
    entryPoints: [join(import.meta.dirname, 'writerProcess.ts')],
    bundle: true,
    platform: 'node',
    format: 'cjs',
    outfile: writerBundle,
    logLevel: 'silent',
  });
});

async function churn(home: string, config: AuditSettings, n: number): Promise<string> {
  const log = createAuditLog(statePaths({ HOME: home }), config);
  const w = await log.open();
  await w.write(record({ id: 'the-rm', command: 'rm -rf ~/project/src', decision: 'allow' }));
  // Large allowed commands, as in the finding (each ~3 KB).
  for (let i = 0; i < n; i++)
    await w.write(record({ id: `filler-${i}`, command: `echo ${String(i).padStart(6, '0')} ${'a'.repeat(3000)}` }));
  await w.close();
  return log.path;
}

const found = (path: string, id: string): boolean => {
  for (const line of auditLinesNewestFirst(path)) if (line.includes(`"id":"${id}"`)) return true;
  return false;
};

describe('rotation cannot flush recent history', () => {
  it('a churn of 600 large records through a 16 KiB cap with keep 2 leaves the rm record readable (and the chain whole)', async () => {
    const home = tempHome();
    const path = await churn(home, { maxBytes: 16 * 1024, keep: 2 }, 600);
    const files = readdirSync(join(path, '..')).filter((f) => /^audit\.jsonl\.\d+(\.gz)?$/.test(f));
    expect(files.length).toBeGreaterThan(50); // far past `keep`: kept because they are recent
    expect(files.filter((f) => f.endsWith('.gz')).length).toBe(files.length - 1); // all but .1 compressed
    expect(found(path, 'the-rm')).toBe(true);
    expect(verifyAuditLog(path)).toMatchObject({ ok: true, lines: 601, fromGenesis: true });
  }, 120_000);

  it('the same churn from 4 concurrent processes keeps every record', async () => {
    const home = tempHome();
    const path = statePaths({ HOME: home }).auditLog;
    await churn(home, { maxBytes: 16 * 1024, keep: 2 }, 0);
    await Promise.all(
      Array.from({ length: 4 }, (_, w) =>
        run(process.execPath, [writerBundle, home, String(w), '150', String(16 * 1024), '2']),
      ),
    );
    expect(found(path, 'the-rm')).toBe(true);
    expect(verifyAuditLog(path)).toMatchObject({ ok: true, lines: 601 });
  }, 120_000);

  it('files whose newest record is older than the window are deleted past keep; newer ones stay', async () => {
    const home = tempHome();
    const path = await churn(home, { maxBytes: 16 * 1024, keep: 2 }, 100);
    const dir = join(path, '..');
    const rotated = () =>
      readdirSync(dir)
        .filter((f) => /^audit\.jsonl\.\d+(\.gz)?$/.test(f))
        .sort((a, b) => Number(a.split('.')[2]) - Number(b.split('.')[2]));
    const before = rotated();
    // Age the five oldest files to 8 days.
    const old = (Date.now() - 8 * 86400_000) / 1000;
    for (const f of before.slice(-5)) utimesSync(join(dir, f), old, old);
    await churn(home, { maxBytes: 16 * 1024, keep: 2 }, 10); // causes at least one rotation
    const after = rotated();
    // Every aged file went; nothing younger than the window did.
    const stillOld = after.filter((f) => statSync(join(dir, f)).mtimeMs < Date.now() - 7 * 86400_000);
    expect(stillOld, `before ${before.join(' ')}; after ${after.join(' ')}`).toEqual([]);
    expect(after.length, `before ${before.join(' ')}; after ${after.join(' ')}`).toBeLessThan(before.length);
    expect(found(path, 'filler-99')).toBe(true);
    // The chain reports the start of what is left, not a break.
    const report = verifyAuditLog(path);
    expect(report.ok).toBe(true);
    expect(report.fromGenesis).toBe(false);
  }, 120_000);

  it('retentionDays 0 is count-only rotation, as before', async () => {
    const home = tempHome();
    const path = await churn(home, { maxBytes: 16 * 1024, keep: 2, retentionDays: 0 }, 100);
    expect(readdirSync(join(path, '..')).filter((f) => /^audit\.jsonl\.\d+(\.gz)?$/.test(f)).length).toBe(2);
    expect(found(path, 'the-rm')).toBe(false);
  });
});
