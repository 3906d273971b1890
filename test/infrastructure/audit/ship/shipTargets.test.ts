// Issue 14, shipping: records written by the real audit writer go, through pino transports, to
// a real rsyslogd on a loopback TCP port, to a stand-in Loki receiver (stand-in: a loopback HTTP
// server the test starts, decoding the push API), and to a file. With a receiver down nothing is
// lost: the local log is untouched, the run ends within its bound, the cursor stays, and the
// next run after the receiver returns delivers every record once.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuditLog } from '../../../../src/infrastructure/audit/createAuditLog.js';
import { statePaths } from '../../../../src/infrastructure/paths/statePaths.js';
import { defaultConfig } from '../../../../src/domain/defaultConfig.js';
import { shipOnce } from '../../../../src/infrastructure/audit/ship/shipOnce.js';
import type { ShipConfig } from '../../../../src/infrastructure/audit/ship/shipConfig.js';
import { record, tempHome } from '../auditTestKit.js';
import { rsyslogdPath, startRsyslog } from './rsyslogReceiver.js';
import type { Rsyslog } from './rsyslogReceiver.js';
import { startStandInLoki } from './standInLoki.js';
import type { StandInLoki } from './standInLoki.js';

const rsyslogd = rsyslogdPath();
if (!rsyslogd)
  console.warn(
    'SKIPPED: rsyslogd is not installed and `apt-get install rsyslog` failed here (needs root and the Debian archive); the syslog shipping test cannot run',
  );

async function writeRecords(home: string, n: number, tag: string): Promise<void> {
  const log = createAuditLog(statePaths({ HOME: home }), defaultConfig().audit);
  const w = await log.open();
  for (let i = 0; i < n; i++)
    await w.write(record({ id: `${tag}-${i}`, command: `echo ${tag} ${i} ghp_${'A1b2C3d4E5'.repeat(3)}abcdef` }));
  await w.close();
}

const idsIn = (lines: string[]): string[] =>
  lines.map((l) => JSON.parse(l.slice(l.indexOf('{'))) as { id: string }).map((r) => r.id);

describe.skipIf(!rsyslogd)('shipping the audit through pino transports', () => {
  let syslog: Rsyslog;
  let loki: StandInLoki;
  beforeAll(async () => {
    syslog = await startRsyslog(rsyslogd!);
    loki = await startStandInLoki();
  });
  afterAll(async () => {
    syslog?.remove();
    await loki?.close();
  });

  it('delivers every record once to rsyslog, the stand-in Loki and a file, redacted; a receiver down loses nothing', async () => {
    const home = tempHome();
    const paths = statePaths({ HOME: home });
    const cursor = join(home, 'ship.cursor');
    const file = join(home, 'shipped.jsonl');
    const config: ShipConfig = {
      targets: [
        { type: 'syslog', host: '127.0.0.1', port: syslog.port },
        { type: 'loki', url: loki.url },
        { type: 'file', path: file },
      ],
      timeoutMs: 5000,
    };

    await writeRecords(home, 20, 'a');
    const first = await shipOnce(paths.auditLog, cursor, config);
    expect(first, JSON.stringify(first)).toMatchObject({ sent: 20, advanced: true });
    await waitFor(() => syslog.messages().length >= 20);
    expect(idsIn(syslog.messages())).toEqual(Array.from({ length: 20 }, (_, i) => `a-${i}`));
    await waitFor(() => loki.lines.length >= 20);
    expect(idsIn(loki.lines)).toEqual(Array.from({ length: 20 }, (_, i) => `a-${i}`));
    expect(idsIn(readFileSync(file, 'utf8').split('\n').filter(Boolean))).toEqual(
      Array.from({ length: 20 }, (_, i) => `a-${i}`),
    );
    // What is shipped is the redacted record.
    expect(syslog.messages().join('\n')).not.toContain('A1b2C3d4E5');
    expect(loki.lines.join('\n')).toContain('[REDACTED:');

    // Receivers down: the run ends within its bound, sends them nothing, keeps their cursors.
    // Each target has its own cursor: the file, which is up, gets its records meanwhile.
    syslog.stop();
    await loki.close();
    await writeRecords(home, 10, 'b');
    const local = readFileSync(paths.auditLog, 'utf8');
    const t0 = Date.now();
    const down = await shipOnce(paths.auditLog, cursor, config);
    expect(Date.now() - t0).toBeLessThan(config.timeoutMs + 1000);
    expect(down.targets.map((t) => [t.target.split(' ')[0], t.sent, t.advanced])).toEqual([
      ['syslog', 0, false],
      ['loki', 0, false],
      ['file', 10, true],
    ]);
    expect(down.unreachable.sort()).toEqual([`loki ${loki.url}`, `syslog 127.0.0.1:${syslog.port}`].sort());
    expect(readFileSync(paths.auditLog, 'utf8')).toBe(local);

    // Back up: the backlog arrives, once, in order.
    await syslog.start();
    await loki.listen();
    const again = await shipOnce(paths.auditLog, cursor, config);
    expect(again).toMatchObject({ sent: 10, advanced: true });
    await waitFor(() => syslog.messages().length >= 30);
    const want = [...Array.from({ length: 20 }, (_, i) => `a-${i}`), ...Array.from({ length: 10 }, (_, i) => `b-${i}`)];
    expect(idsIn(syslog.messages())).toEqual(want);
    await waitFor(() => loki.lines.length >= 30);
    expect(idsIn(loki.lines)).toEqual(want);
    expect(idsIn(readFileSync(file, 'utf8').split('\n').filter(Boolean))).toEqual(want);
    // Nothing new: nothing sent.
    expect(await shipOnce(paths.auditLog, cursor, config)).toMatchObject({ sent: 0 });
  }, 60_000);
});

async function waitFor(check: () => boolean, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!check() && Date.now() < end) await new Promise((r) => setTimeout(r, 100));
}
