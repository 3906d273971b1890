// Redaction cost grows linearly with its input (issue 17: `docker login ` × 3,000 took 31 s).
// Not a timed test: each adversarial input is redacted at n and 4n characters and the growth is
// compared (linear ≈ 4, quadratic ≈ 16), in CPU time, least of 3 runs, so a busy machine does
// not fail it. The absolute CPU budget at 256 KiB lives in scripts/benchRedaction.mjs.
// The redactor runs in a worker stopped at a deadline, so a catastrophic pattern fails the test
// instead of hanging the suite.
import { build } from 'esbuild';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../../..');
const N = 16 * 1024;
/** t(4n) / t(n) above this is super-linear. */
const MAX_GROWTH = 8;
/** t(n) below this many CPU ms counts as this much: tiny times are noise, not a slope. */
const FLOOR_MS = 4;
/** t(4n) = 64 KiB: far above any linear figure (about 10 ms). */
const CEILING_MS = 1000;
const DEADLINE_MS = Number(process.env.REDACTION_SCALING_DEADLINE_MS ?? 240_000);

interface Row {
  name: string;
  kind: 'text' | 'argv';
  small: number;
  large: number;
}

let work = '';
let bundle = '';

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'shimctl-redaction-scaling-'));
  writeFileSync(
    join(work, 'entry.ts'),
    `export { redactSecrets, redactArgv } from ${JSON.stringify(join(root, 'src/domain/audit/redactSecrets.ts'))};\n`,
  );
  bundle = join(work, 'redaction.cjs');
  await build({
    entryPoints: [join(work, 'entry.ts')],
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    outfile: bundle,
    logLevel: 'silent',
    absWorkingDir: root,
  });
}, 60_000);

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

/** Runs every input in a worker; resolves with the rows, or with the input it stalled on. */
function measureAll(): Promise<{ rows: Row[]; stalledOn?: string }> {
  const source = `
    const { parentPort, workerData } = require('node:worker_threads');
    const lib = require(workerData.bundle);
    (async () => {
      const { scalingInputs, cpuMs } = await import(workerData.inputs);
      for (const [name, make] of scalingInputs()) {
        for (const kind of ['text', 'argv']) {
          parentPort.postMessage({ at: name + ' (' + kind + ')' });
          const run = (text) => { const words = kind === 'argv' ? text.split(' ') : undefined; return () => (words ? lib.redactArgv(words) : lib.redactSecrets(text)); };
          const small = cpuMs(run(make(workerData.n)), 3);
          const large = cpuMs(run(make(4 * workerData.n)), 3);
          parentPort.postMessage({ row: { name, kind, small, large } });
        }
      }
      parentPort.postMessage({ done: true });
    })();`;
  return new Promise((done, fail) => {
    const rows: Row[] = [];
    let at = '';
    const worker = new Worker(source, {
      eval: true,
      workerData: { bundle, n: N, inputs: join(root, 'scripts/bench/redactionInputs.mjs') },
    });
    const timer = setTimeout(() => {
      void worker.terminate();
      done({ rows, stalledOn: at });
    }, DEADLINE_MS);
    worker.on('message', (m: { at?: string; row?: Row; done?: boolean }) => {
      if (m.at) at = m.at;
      if (m.row) rows.push(m.row);
      if (m.done) {
        clearTimeout(timer);
        void worker.terminate();
        done({ rows });
      }
    });
    worker.on('error', (e) => {
      clearTimeout(timer);
      fail(e);
    });
  });
}

describe('redaction time grows linearly with the input', () => {
  it(
    `every adversarial input: CPU at ${(4 * N) / 1024} KiB ≤ ${MAX_GROWTH}× CPU at ${N / 1024} KiB, and under ${CEILING_MS} ms`,
    async () => {
      const { rows, stalledOn } = await measureAll();
      expect(stalledOn, `stalled for ${DEADLINE_MS / 1000} s on ${stalledOn}`).toBeUndefined();
      const superLinear = rows
        .filter((r) => r.large / Math.max(r.small, FLOOR_MS) > MAX_GROWTH || r.large > CEILING_MS)
        .map((r) => `${r.name} (${r.kind}): ${r.small.toFixed(1)} ms → ${r.large.toFixed(1)} ms`);
      expect(superLinear).toEqual([]);
      expect(rows.length).toBeGreaterThan(100);
    },
    DEADLINE_MS + 30_000,
  );
});
