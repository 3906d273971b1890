// A warm review worker serves request after request (reviewWorkers.ts). Each request's listeners
// must go with it: a reused worker gathered one 'exit' listener per request (each holding its
// request and channel) for the life of the daemon, which Node reports past ten listeners. Real
// worker threads; the worker script is the test stand-in (fixtures/slowReviewWorker.cjs).
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { ExecResult } from '../../src/application/ports/executor.js';
import { createReviewPool } from '../../src/infrastructure/daemon/reviewWorkers.js';
import type { DaemonRequest } from '../../src/infrastructure/daemon/daemonServer.js';
import { ROOT } from '../install/cliHarness.js';

const pool = createReviewPool({ script: join(ROOT, 'test', 'daemon', 'fixtures', 'slowReviewWorker.cjs'), argv: [] });
afterAll(() => pool.close());

const ran: ExecResult = {
  exitCode: 3,
  signal: null,
  durationMs: 1,
  stdoutBytes: 0,
  stderrBytes: 0,
  truncated: false,
  timedOut: false,
};
const req: DaemonRequest = {
  mode: 'run',
  shell: 'bash',
  realShell: '/bin/bash',
  cwd: '/',
  args: ['-c', 'true'],
  env: {},
};

describe('review pool, one warm worker reused', () => {
  it('leaves no listener behind per request (no MaxListenersExceededWarning after 30 requests)', async () => {
    await pool.ready;
    const warnings: string[] = [];
    const onWarning = (w: Error) => warnings.push(`${w.name}: ${w.message}`);
    process.on('warning', onWarning);
    try {
      for (let i = 0; i < 30; i++) {
        const code = await pool.handle(req, { writeStderr: () => undefined, executor: { run: async () => ran } });
        expect(code).toBe(3);
      }
      // Warnings are emitted on the next tick.
      await new Promise((r) => setImmediate(r));
    } finally {
      process.off('warning', onWarning);
    }
    expect(warnings.filter((w) => w.includes('MaxListeners'))).toEqual([]);
  });
});
