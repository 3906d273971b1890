// Issue 14, shipping to OpenTelemetry: records written by the real audit writer go through
// pino-opentelemetry-transport over OTLP/HTTP to a receiver on loopback (otlpReceiver.ts) that
// decodes what arrives, protobuf (the default) or JSON. Each record arrives once, in order, as
// the redacted record; with the receiver down nothing is sent and the cursor stays; back up,
// the backlog arrives once.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuditLog } from '../../../../src/infrastructure/audit/createAuditLog.js';
import { statePaths } from '../../../../src/infrastructure/paths/statePaths.js';
import { defaultConfig } from '../../../../src/domain/defaultConfig.js';
import { shipOnce } from '../../../../src/infrastructure/audit/ship/shipOnce.js';
import type { ShipConfig } from '../../../../src/infrastructure/audit/ship/shipConfig.js';
import { expandSecret, record, tempHome } from '../auditTestKit.js';
import { startOtlpReceiver } from './otlpReceiver.js';
import type { OtlpReceiver } from './otlpReceiver.js';

async function writeRecords(home: string, n: number, tag: string, secret: string): Promise<void> {
  const log = createAuditLog(statePaths({ HOME: home }), defaultConfig().audit);
  const w = await log.open();
  for (let i = 0; i < n; i++)
    await w.write(
      record({ id: `${tag}-${i}`, command: `echo ${tag} ${i} ${secret}`, argv: ['echo', tag, String(i), secret] }),
    );
  await w.close();
}

const range = (tag: string, n: number): string[] => Array.from({ length: n }, (_, i) => `${tag}-${i}`);

describe.each(['http/protobuf', 'http/json'] as const)(
  'shipping the audit as OpenTelemetry logs over OTLP/HTTP (%s)',
  (protocol) => {
    let otlp: OtlpReceiver;
    beforeAll(async () => {
      otlp = await startOtlpReceiver();
    });
    afterAll(async () => {
      await otlp?.close();
    });

    it('delivers every record once, in order, redacted; a receiver down loses nothing', async () => {
      const home = tempHome();
      const paths = statePaths({ HOME: home });
      const cursor = join(home, 'ship.cursor');
      const config: ShipConfig = { targets: [{ type: 'otlp', url: otlp.url, protocol }], timeoutMs: 5000 };
      // A bare vendor token (gitleaks' rule) and a bare random one (the entropy detector).
      const secrets = [expandSecret('ghp_{alnum:36}'), expandSecret('zq_live_{alnum:32}')];

      // More than one export batch (512), so order across batches is checked too.
      await writeRecords(home, 600, 'a', secrets[0]!);
      const first = await shipOnce(paths.auditLog, cursor, config);
      expect(first, JSON.stringify(first)).toMatchObject({ sent: 600, advanced: true });
      expect(otlp.logs.map((l) => l.attributes.id)).toEqual(range('a', 600));
      expect(otlp.contentTypes.every((t) => t.includes(protocol === 'http/json' ? 'json' : 'protobuf'))).toBe(true);
      const one = otlp.logs[0]!;
      expect(one.body).toMatch(/^allow echo a 0 \[REDACTED:github-token\]$/);
      expect(one.attributes).toMatchObject({
        id: 'a-0',
        decision: 'allow',
        argv: ['echo', 'a', '0', '[REDACTED:github-token]'],
      });
      expect(one.resource['service.name']).toBe('shimctl');
      expect(Object.keys(one.resource).filter((k) => k.startsWith('process.'))).toEqual([]);

      // Receiver down: nothing sent, the cursor stays.
      await otlp.close();
      await writeRecords(home, 40, 'b', secrets[1]!);
      const down = await shipOnce(paths.auditLog, cursor, config);
      expect(down).toMatchObject({ advanced: false, unreachable: [`otlp ${otlp.url}`] });

      // Back up: the backlog arrives once, in order.
      await otlp.listen();
      const again = await shipOnce(paths.auditLog, cursor, config);
      expect(again, JSON.stringify(again)).toMatchObject({ sent: 40, advanced: true });
      expect(otlp.logs.map((l) => l.attributes.id)).toEqual([...range('a', 600), ...range('b', 40)]);
      expect(await shipOnce(paths.auditLog, cursor, config)).toMatchObject({ sent: 0 });

      // What arrived is the redacted record: no secret, nor any 10-character piece of one.
      const arrived = JSON.stringify(otlp.logs);
      for (const s of secrets)
        for (let i = 0; i + 10 <= s.length; i++) expect(arrived).not.toContain(s.slice(i, i + 10));
    }, 60_000);
  },
);
