// Issue 14, the resident process ships exactly once next to a sink that hangs. Its shipping thread
// runs every target's run; pino's transport.end() blocks that thread until the transport's sink
// has closed, so an OTLP receiver that takes the request and never answers froze it for up to
// timeoutMs. The file target's own timer fired meanwhile, after its records were written: the
// chunk counted as failed and was written again (records 17 and 18 twice at the file in
// residentShip.test.ts, when its receiver went down mid-export). Real parts: the compiled client,
// the installed resident process, a loopback sink that never answers, a file target.
import { existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SilentSink, silentSink } from '../infrastructure/audit/ship/silentSink.js';
import { CLI, ROOT } from '../install/cliHarness.js';
import { auditLines, fastHome, runFast, stopDaemon, waitFor } from './harness.js';
import type { FastHome } from './harness.js';

describe('the resident process ships to a file beside an OTLP sink that never answers', () => {
  let h: FastHome;
  let sink: SilentSink;
  let out: string;
  const local = (): number[] => auditLines(h).map((r) => Number(r.seq));
  const atFile = (): number[] =>
    existsSync(out)
      ? readFileSync(out, 'utf8')
          .split('\n')
          .filter(Boolean)
          .map((l) => Number((JSON.parse(l) as { seq: number }).seq))
      : [];

  beforeAll(async () => {
    h = fastHome();
    // The private copy of the package has no node_modules; an install has them beside dist/ (pino).
    symlinkSync(join(ROOT, 'node_modules'), join(dirname(dirname(CLI)), 'node_modules'));
    sink = await silentSink();
    out = join(h.home, 'shipped.jsonl');
    const config = join(h.home, '.config', 'shimctl', 'config.json');
    mkdirSync(dirname(config), { recursive: true });
    const targets = [
      { type: 'otlp', url: sink.url, protocol: 'http/protobuf' },
      { type: 'file', path: out },
    ];
    writeFileSync(config, JSON.stringify({ audit: { ship: { targets, timeoutMs: 2000 } } }));
  }, 120_000);
  afterAll(async () => {
    stopDaemon(h);
    await sink?.close();
  });

  it('every record reaches the file exactly once, in order', async () => {
    for (let i = 0; i < 4; i++) expect(runFast(h, `echo slow-${i}`).status).toBe(0);
    expect(await waitFor(() => atFile().length >= local().length && local().length > 0, 60_000)).toBe(true);
    // Settle past a timed-out chunk's retries (2 s timeout, then 200 ms and 400 ms backoffs).
    await new Promise((r) => setTimeout(r, 8000));
    expect(atFile(), `local ${local()}`).toEqual(local());
  }, 120_000);
});
