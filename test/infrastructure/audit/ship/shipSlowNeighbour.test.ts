// Issue 14, exactly once next to a slow sink. pino's transport.end() (thread-stream) is
// synchronous: it blocks the calling thread (Atomics.wait) until the transport's destination has
// closed, which for OTLP is after the export, up to timeoutMs. Every target of a run ships from
// one thread (the resident shipper's, or `audit ship --once`'s), so a slow OTLP sink froze the
// event loop while a file target's close was already done: the file's timeout timer then fired
// before its 'close' event was seen, the chunk counted as failed, and it was written again
// (records 17 and 18 twice in residentShip.test.ts when the OTLP receiver went down mid-export).
// Here a real loopback sink accepts the OTLP connection and never answers.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultConfig } from '../../../../src/domain/defaultConfig.js';
import { createAuditLog } from '../../../../src/infrastructure/audit/createAuditLog.js';
import type { ShipTarget } from '../../../../src/infrastructure/audit/ship/shipConfig.js';
import { shipOnce } from '../../../../src/infrastructure/audit/ship/shipOnce.js';
import { statePaths } from '../../../../src/infrastructure/paths/statePaths.js';
import { record, tempHome } from '../auditTestKit.js';
import { type SilentSink, silentSink } from './silentSink.js';

// Targets in config order ('otlp' is the silent sink, 'file' a file each): which transport
// ends first on the shared thread decides who blocks whom.
const ORDERS = [
  { name: 'the OTLP target first', order: ['otlp', 'file'] },
  { name: 'the file target first', order: ['file', 'otlp'] },
  { name: 'a file target on each side', order: ['file', 'otlp', 'file'] },
];

describe('a file target next to an OTLP sink that never answers', () => {
  let sink: SilentSink;
  beforeAll(async () => {
    sink = await silentSink();
  });
  afterAll(async () => {
    await sink?.close();
  });

  it.each(ORDERS)(
    '$name: each file gets each record exactly once; the OTLP target fails',
    async ({ order }) => {
      const home = tempHome();
      const paths = statePaths({ HOME: home });
      const log = createAuditLog(paths, defaultConfig().audit);
      const w = await log.open();
      const ids = Array.from({ length: 6 }, (_, i) => `slow-${i}`);
      for (const id of ids) await w.write(record({ id, command: `echo ${id}`, argv: ['echo', id] }));
      await w.close();

      const otlp: ShipTarget = { type: 'otlp', url: sink.url, protocol: 'http/protobuf' };
      const files = order.flatMap((kind, i) => (kind === 'file' ? [join(home, `shipped-${i}.jsonl`)] : []));
      const targets = order.map(
        (kind, i): ShipTarget => (kind === 'otlp' ? otlp : { type: 'file', path: join(home, `shipped-${i}.jsonl`) }),
      );
      const result = await shipOnce(paths.auditLog, join(home, 'ship.cursor'), { targets, timeoutMs: 2000 });
      const arrived = (out: string): string[] =>
        existsSync(out)
          ? readFileSync(out, 'utf8')
              .split('\n')
              .filter(Boolean)
              .map((l) => String((JSON.parse(l) as { id: string }).id))
          : [];
      for (const out of files) expect(arrived(out), out).toEqual(ids);
      for (const t of result.targets.filter((r) => r.target.startsWith('file'))) {
        expect(t, JSON.stringify(result)).toMatchObject({ sent: 6, advanced: true });
        expect(t.error).toBeUndefined();
      }
      // The silent sink took nothing: its cursor stays, the records go again next run.
      const silent = result.targets.find((r) => r.target.startsWith('otlp'))!;
      expect(silent).toMatchObject({ sent: 0, advanced: false });
      expect(silent.error).toBeDefined();
    },
    60_000,
  );
});
