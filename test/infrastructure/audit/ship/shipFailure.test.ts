// Issue 14, push failures: a sink that answers 500, then refuses connections, then recovers.
// Before, pino-loki and pino-opentelemetry-transport swallowed a failed push and closed as if
// all went well: the cursor moved past records the sink never took (lost for good). Now the
// cursor moves only past records the sink accepted (2xx), the failure is kept for status, and
// when the sink is back the backlog arrives: each record once, in order.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuditLog } from '../../../../src/infrastructure/audit/createAuditLog.js';
import { statePaths } from '../../../../src/infrastructure/paths/statePaths.js';
import { defaultConfig } from '../../../../src/domain/defaultConfig.js';
import { shipOnce } from '../../../../src/infrastructure/audit/ship/shipOnce.js';
import type { ShipTarget } from '../../../../src/infrastructure/audit/ship/shipConfig.js';
import { readShipState, targetFiles } from '../../../../src/infrastructure/audit/ship/shipState.js';
import { shipChecks, shipCursorBase, shipReport } from '../../../../src/infrastructure/audit/ship/shipReport.js';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { record, tempHome } from '../auditTestKit.js';
import { startOtlpReceiver } from './otlpReceiver.js';
import { startStandInLoki } from './standInLoki.js';

interface Sink {
  ids(): string[];
  target(): ShipTarget;
  fail(status: number | 'ok'): void;
  close(): Promise<void>;
  listen(): Promise<void>;
}

const SINKS: Record<string, () => Promise<Sink>> = {
  loki: async () => {
    const loki = await startStandInLoki();
    return Object.assign(loki, {
      ids: () => loki.lines.map((l) => (JSON.parse(l) as { id: string }).id),
      target: (): ShipTarget => ({ type: 'loki', url: loki.url }),
    });
  },
  otlp: async () => {
    const otlp = await startOtlpReceiver();
    return Object.assign(otlp, {
      ids: () => otlp.logs.map((l) => String(l.attributes.id)),
      target: (): ShipTarget => ({ type: 'otlp', url: otlp.url, protocol: 'http/protobuf' }),
    });
  },
};

async function write(home: string, tag: string, n: number): Promise<string[]> {
  const w = await createAuditLog(statePaths({ HOME: home }), defaultConfig().audit).open();
  for (let i = 0; i < n; i++) await w.write(record({ id: `${tag}-${i}`, command: `echo ${tag} ${i}` }));
  await w.close();
  return Array.from({ length: n }, (_, i) => `${tag}-${i}`);
}

describe.each(Object.keys(SINKS))('a %s sink that fails, refuses, then recovers', (kind) => {
  let sink: Sink;
  beforeAll(async () => {
    sink = await SINKS[kind]!();
  });
  afterAll(async () => {
    await sink?.close();
  });

  it('keeps the cursor until the sink accepts; then each record arrives once, in order', async () => {
    const home = tempHome();
    const auditLog = statePaths({ HOME: home }).auditLog;
    // Where `audit ship` keeps it, so status and doctor (shipReport) read the same cursor and state.
    const cursor = shipCursorBase(auditLog);
    const config = { targets: [sink.target()], timeoutMs: 15_000 };
    // The targets in audit.ship of the user's config, where status and doctor look.
    const configFile = join(statePaths({ HOME: home }).configDir, 'config.json');
    mkdirSync(dirname(configFile), { recursive: true });
    writeFileSync(configFile, JSON.stringify({ audit: { ship: config } }));
    const report = () => {
      const r = shipReport({ HOME: home }, auditLog);
      return 'targets' in r ? r.targets[0] : r;
    };
    const state = () => readShipState(targetFiles(cursor, sink.target()).state);

    const a = await write(home, 'a', 30);
    sink.fail(500);
    const failed = await shipOnce(auditLog, cursor, config);
    expect(failed, JSON.stringify(failed)).toMatchObject({ sent: 0, advanced: false, unreachable: [] });
    expect(failed.error).toMatch(/500|Internal Server Error/);
    expect(sink.ids()).toEqual([]);
    expect(state()).toMatchObject({ failures: 1, lastError: expect.stringMatching(/500|Internal Server Error/) });
    expect(state()?.lastOkAt).toBeUndefined();

    // Refused connections: the sink is gone; more records pile up.
    await sink.close();
    const b = await write(home, 'b', 20);
    const refused = await shipOnce(auditLog, cursor, config);
    expect(refused).toMatchObject({ sent: 0, advanced: false, unreachable: [expect.any(String)] });
    expect(state()).toMatchObject({ failures: 2, lastError: 'unreachable' });
    // What status and doctor show meanwhile: 50 records behind, never pushed, the last error.
    expect(report()).toMatchObject({ lagRecords: 50, lastOkAt: null, lastError: 'unreachable', failures: 2 });
    expect(shipChecks(shipReport({ HOME: home }, auditLog))).toEqual([
      // No resident process here: doctor says who ships (nobody in the background).
      { ok: 'warn', title: 'who ships: no resident process ships: run `shimctl audit ship --once` from cron' },
      expect.objectContaining({
        ok: 'warn',
        detail: expect.stringMatching(
          /^behind 50 records \(\d+ bytes\); last push never; last error \(2 failed runs\): unreachable at /,
        ),
      }),
    ]);

    // Back (same port, answering 2xx): the whole backlog, once, in order; then nothing more.
    await sink.listen();
    const back = await shipOnce(auditLog, cursor, config);
    expect(back, JSON.stringify(back)).toMatchObject({ sent: 50, advanced: true });
    expect(sink.ids()).toEqual([...a, ...b]);
    expect(await shipOnce(auditLog, cursor, config)).toMatchObject({ sent: 0 });
    expect(state()).toMatchObject({ failures: 0, lastOkAt: expect.any(String) });
    expect(report()).toMatchObject({ lagRecords: 0, lagBytes: 0, failures: 0 });
  }, 120_000);
});
