// Issue 14, the resident process stops while its shipper has a push in flight: a Loki sink that
// answers after 15 s has read the push when `daemon stop` comes. The push gets 2 s, then the
// shipping thread is terminated: the daemon is gone well before the sink answers, and the
// cursor did not move (status: the target is still behind by every record). The next shipper
// (`audit ship --once`, the sink back on its port) sends those records again: at least once
// (had the sink taken the abandoned push, they would be there twice), never lost.
import { spawnSync } from 'node:child_process';
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStandInLoki } from '../infrastructure/audit/ship/standInLoki.js';
import type { StandInLoki } from '../infrastructure/audit/ship/standInLoki.js';
import { CLI, ROOT, cli } from '../install/cliHarness.js';
import { alive, auditLines, daemonPid, fastHome, runFast, stopDaemon, waitFor } from './harness.js';
import type { FastHome } from './harness.js';

describe('the resident process stops mid-push', () => {
  let h: FastHome;
  let loki: StandInLoki;
  beforeAll(async () => {
    h = fastHome();
    // The private copy of the package has no node_modules; an install has them beside dist/ (pino).
    symlinkSync(join(ROOT, 'node_modules'), join(dirname(dirname(CLI)), 'node_modules'));
    loki = await startStandInLoki(0, 15_000);
    const config = join(h.home, '.config', 'shimctl', 'ship.json');
    mkdirSync(dirname(config), { recursive: true });
    writeFileSync(config, JSON.stringify({ targets: [{ type: 'loki', url: loki.url }], timeoutMs: 40_000 }));
  }, 120_000);
  afterAll(async () => {
    stopDaemon(h);
    await loki?.close();
  });

  it('abandons the push without moving the cursor; the next shipper sends those records again', async () => {
    for (let i = 0; i < 3; i++) expect(runFast(h, `echo stop-${i}`).status).toBe(0);
    const pid = daemonPid(h);
    expect(await waitFor(() => loki.received() >= 1, 30_000)).toBe(true);
    const stopAt = Date.now();
    const stop = cli(['daemon', 'stop'], h.env);
    expect(stop.stdout).toBe('stopped\n');
    expect(alive(pid)).toBe(false);
    // Gone after the 2 s grace (plus this CLI's own start and a loaded machine), well before the
    // sink's answer (15 s after it read the push): the push was not waited for.
    expect(Date.now() - stopAt).toBeLessThan(10_000);
    const local = auditLines(h).length;
    expect(local).toBe(6);
    const target = () => JSON.parse(cli(['status', '--json'], h.env).stdout).ship.targets[0];
    expect(target()).toMatchObject({ lagRecords: local, lastOkAt: null });

    // The same sink again (same port), now answering at once: pino gives a transport 10 s to close.
    const port = loki.port;
    await loki.close();
    loki = await startStandInLoki(port, 0);
    const again = spawnSync(process.execPath, [CLI, 'audit', 'ship', '--once', '--json'], {
      env: h.env,
      encoding: 'utf8',
    });
    expect(again.status, again.stderr).toBe(0);
    expect(JSON.parse(again.stdout)).toMatchObject({ sent: local, advanced: true });
    expect(await waitFor(() => loki.lines.length >= local, 30_000)).toBe(true);
    // Every record, in order, from the run after the stop (the abandoned push went to the old sink).
    const seqs = loki.lines.map((l) => (JSON.parse(l) as { seq: number }).seq);
    expect(seqs).toEqual(auditLines(h).map((r) => Number(r.seq)));
    expect(target()).toMatchObject({ lagRecords: 0, failures: 0 });
  }, 150_000);
});
