// Issue 14, a shipper killed mid-push: the built CLI (`shimctl audit ship --once`) pushes to a
// Loki sink that answers after 2 s; once the sink has read the push, the CLI is SIGKILLed. The
// sink still takes the push (it answers into a closed socket), but the cursor never moved. The
// next run sends those records again: every record arrives, first arrivals in order, and the
// killed push's records arrive twice. That is why delivery is at least once, not exactly once:
// a receiver dedups by `seq` (docs/execution-and-audit.md, "Shipping"). Then `status --json`
// and `doctor` show the target caught up.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuditLog } from '../../../../src/infrastructure/audit/createAuditLog.js';
import { statePaths } from '../../../../src/infrastructure/paths/statePaths.js';
import { defaultConfig } from '../../../../src/domain/defaultConfig.js';
import { shipConfigPath } from '../../../../src/infrastructure/audit/ship/shipConfig.js';
import { ensureBuilt } from '../../../docs/builtCli.js';
import { ROOT } from '../../../docs/readmeText.js';
import { hermeticEnv, record, tempHome } from '../auditTestKit.js';
import { startStandInLoki } from './standInLoki.js';
import type { StandInLoki } from './standInLoki.js';

const CLI = join(ROOT, 'bin', 'shimctl.cjs');

describe('SIGKILL of `audit ship` while its push is in flight', () => {
  let loki: StandInLoki;
  beforeAll(async () => {
    ensureBuilt();
    loki = await startStandInLoki(0, 2000);
  });
  afterAll(async () => {
    await loki?.close();
  });

  it('loses nothing: the next run re-sends the killed push (at least once), in order', async () => {
    const home = tempHome();
    // The killed run cannot remove its transport's ack directory: it is left inside this HOME's
    // own TMPDIR, which goes with the HOME.
    const env = { ...hermeticEnv(home), TMPDIR: home };
    const config = shipConfigPath(statePaths(env));
    mkdirSync(dirname(config), { recursive: true });
    writeFileSync(config, JSON.stringify({ targets: [{ type: 'loki', url: loki.url }], timeoutMs: 20_000 }));
    const w = await createAuditLog(statePaths(env), defaultConfig().audit).open();
    const ids = Array.from({ length: 40 }, (_, i) => `k-${i}`);
    for (const id of ids) await w.write(record({ id, command: `echo ${id}` }));
    await w.close();

    const child = spawn(process.execPath, [CLI, 'audit', 'ship', '--once'], { env, stdio: 'ignore' });
    const exited = new Promise<NodeJS.Signals | null>((r) => child.once('exit', (_c, sig) => r(sig)));
    const end = Date.now() + 30_000;
    while (loki.received() === 0 && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
    expect(loki.received()).toBe(1);
    child.kill('SIGKILL');
    expect(await exited).toBe('SIGKILL');
    // The sink answers the dead push after its delay: it took those records.
    while (loki.lines.length < 40 && Date.now() < end) await new Promise((r) => setTimeout(r, 50));
    expect(loki.lines.length).toBe(40);

    const again = spawnSync(process.execPath, [CLI, 'audit', 'ship', '--once', '--json'], { env, encoding: 'utf8' });
    expect(again.status, again.stderr).toBe(0);
    expect(JSON.parse(again.stdout)).toMatchObject({ sent: 40, advanced: true });
    // spawnSync held this thread: the sink's messages are read now (they were sent before it answered).
    while (loki.lines.length < 80 && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
    const got = loki.lines.map((l) => (JSON.parse(l) as { id: string }).id);
    expect(got).toEqual([...ids, ...ids]);
    const seqs = loki.lines.map((l) => (JSON.parse(l) as { seq: number }).seq);
    expect(new Set(seqs).size).toBe(40);

    const status = spawnSync(process.execPath, [CLI, 'status', '--json'], { env, encoding: 'utf8' });
    expect(JSON.parse(status.stdout).ship.targets).toEqual([
      expect.objectContaining({ target: `loki ${loki.url}`, lagRecords: 0, lagBytes: 0, failures: 0, lastError: null }),
    ]);
    const doctor = spawnSync(process.execPath, [CLI, 'doctor'], { env, encoding: 'utf8' });
    expect(doctor.stdout).toMatch(
      new RegExp(`ok +shipping to loki ${loki.url}\\n +behind 0 records \\(0 bytes\\); last push 20`),
    );
  }, 90_000);
});
