// Issue 14, shipping: the Loki target's run ends only when Loki has answered for every record.
// The stand-in Loki answers each push after 1.5 s; when shipOnce returns with the cursor moved,
// every record must already be there, once and in order (before, pino-loki sent each record
// unawaited and its close returned at once: the cursor moved past records still in flight).
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuditLog } from '../../../../src/infrastructure/audit/createAuditLog.js';
import { statePaths } from '../../../../src/infrastructure/paths/statePaths.js';
import { defaultConfig } from '../../../../src/domain/defaultConfig.js';
import { shipOnce } from '../../../../src/infrastructure/audit/ship/shipOnce.js';
import { record, tempHome } from '../auditTestKit.js';
import { startStandInLoki } from './standInLoki.js';
import type { StandInLoki } from './standInLoki.js';

describe('shipping to Loki waits for its pushes', () => {
  let loki: StandInLoki;
  beforeAll(async () => {
    loki = await startStandInLoki(0, 1500);
  });
  afterAll(async () => {
    await loki?.close();
  });

  it('a run that moved the cursor has every record at the slow receiver, once, in order', async () => {
    const home = tempHome();
    const paths = statePaths({ HOME: home });
    const log = createAuditLog(paths, defaultConfig().audit);
    const w = await log.open();
    for (let i = 0; i < 300; i++) await w.write(record({ id: `r-${i}`, command: `echo ${i}` }));
    await w.close();
    const result = await shipOnce(paths.auditLog, join(home, 'ship.cursor'), {
      targets: [{ type: 'loki', url: loki.url }],
      timeoutMs: 8000,
    });
    expect(result, JSON.stringify(result)).toMatchObject({ sent: 300, advanced: true });
    // No waiting here: what shipOnce vouched for must have arrived already.
    expect(loki.lines.map((l) => (JSON.parse(l) as { id: string }).id)).toEqual(
      Array.from({ length: 300 }, (_, i) => `r-${i}`),
    );
  }, 60_000);
});
