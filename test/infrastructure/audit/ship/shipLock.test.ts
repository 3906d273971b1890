// Issue 14, one shipper per target: two runs at once (the resident process's shipper and a cron
// `audit ship --once`) must not both push the records after the same cursor. Before the lock,
// two concurrent runs each read the cursor and each sent every record (the file got them twice).
// A lock left by a dead process is taken over; one held by a live process makes the run skip
// that target (it is not a failure: the holder sends those records).
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultConfig } from '../../../../src/domain/defaultConfig.js';
import { createAuditLog } from '../../../../src/infrastructure/audit/createAuditLog.js';
import { shipOnce } from '../../../../src/infrastructure/audit/ship/shipOnce.js';
import { targetFiles } from '../../../../src/infrastructure/audit/ship/shipState.js';
import { statePaths } from '../../../../src/infrastructure/paths/statePaths.js';
import { record, tempHome } from '../auditTestKit.js';

async function setUp(n: number) {
  const home = tempHome();
  const paths = statePaths({ HOME: home });
  const out = join(home, 'shipped.jsonl');
  const target = { type: 'file' as const, path: out };
  const config = { targets: [target], timeoutMs: 15_000 };
  const cursor = join(home, 'ship.cursor');
  const w = await createAuditLog(paths, defaultConfig().audit).open();
  const ids = Array.from({ length: n }, (_, i) => `l-${i}`);
  for (const id of ids) await w.write(record({ id, command: `echo ${id}` }));
  await w.close();
  const shipped = (): string[] =>
    existsSync(out)
      ? readFileSync(out, 'utf8')
          .split('\n')
          .filter(Boolean)
          .map((l) => (JSON.parse(l) as { id: string }).id)
      : [];
  return { paths, config, cursor, ids, shipped, lock: `${targetFiles(cursor, target).cursor}.lock` };
}

describe('the ship lock', () => {
  it('two runs at once: one ships, the other skips the target; each record arrives once', async () => {
    const s = await setUp(30);
    const [a, b] = await Promise.all([
      shipOnce(s.paths.auditLog, s.cursor, s.config),
      shipOnce(s.paths.auditLog, s.cursor, s.config),
    ]);
    expect([a.sent, b.sent].sort()).toEqual([0, 30]);
    const skipped = a.sent === 0 ? a : b;
    expect(skipped).toMatchObject({ busy: [`file ${s.config.targets[0]!.path}`], advanced: false });
    expect(skipped.error).toBeUndefined();
    expect(s.shipped()).toEqual(s.ids);
    expect(existsSync(s.lock)).toBe(false);
  }, 60_000);

  it('a lock left by a dead process is taken over', async () => {
    const s = await setUp(5);
    const dead = spawnSync('true').pid!;
    writeFileSync(s.lock, `${dead}\n`);
    expect(await shipOnce(s.paths.auditLog, s.cursor, s.config)).toMatchObject({ sent: 5, busy: [] });
    expect(s.shipped()).toEqual(s.ids);
    expect(existsSync(s.lock)).toBe(false);
  }, 60_000);

  it('a lock held by a live process: the target is skipped, nothing sent, the cursor and lock stay', async () => {
    const s = await setUp(5);
    // pid 1 is alive (and not ours): its lock stands.
    writeFileSync(s.lock, '1\n');
    const r = await shipOnce(s.paths.auditLog, s.cursor, s.config);
    expect(r).toMatchObject({ sent: 0, advanced: false, busy: [`file ${s.config.targets[0]!.path}`] });
    expect(r.targets[0]).toMatchObject({ busy: 1 });
    expect(s.shipped()).toEqual([]);
    expect(readFileSync(s.lock, 'utf8')).toBe('1\n');
  }, 60_000);
});
