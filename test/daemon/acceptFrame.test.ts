// The resident process says "accepted" (A) only when its answer is slow in coming: a prompt answer
// (X to run, E and D for a block) is acceptance by itself, which spares one socket write and one
// client wake-up per command. The real server on a real socket, with handlers written for the test.
import { mkdirSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { daemonFiles } from '../../src/infrastructure/daemon/daemonFiles.js';
import { ACCEPT_AFTER_MS, startDaemon } from '../../src/infrastructure/daemon/daemonServer.js';
import type { ClientChannel, DaemonRequest, RunningDaemon } from '../../src/infrastructure/daemon/daemonServer.js';
import {
  FrameReader,
  PROTOCOL,
  decodeFields,
  encodeFields,
  encodeFrame,
} from '../../src/infrastructure/daemon/frames.js';
import { tempDir } from '../install/cliHarness.js';

const TOKEN = 'a'.repeat(64);
const running: RunningDaemon[] = [];
afterAll(() => running.forEach((d) => d.stop('test over')));

type Handle = (req: DaemonRequest, channel: ClientChannel) => Promise<number>;

async function serve(handle: Handle): Promise<string> {
  const dir = join(tempDir('accept'), 'run');
  mkdirSync(dir, { mode: 0o700 });
  const files = daemonFiles(dir);
  running.push(
    await startDaemon({
      files,
      token: TOKEN,
      idleMs: 60_000,
      refuseEnv: () => undefined,
      staleReason: () => undefined,
      handle,
    }),
  );
  return files.socket;
}

/** One request as the C client sends it; answers R to an X. Returns the frames with their arrival times. */
function request(socket: string): Promise<Array<{ type: string; fields: string[]; ms: number }>> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const s = connect(socket);
    const reader = new FrameReader();
    const got: Array<{ type: string; fields: string[]; ms: number }> = [];
    s.on('data', (d) => {
      for (const f of reader.push(d)) {
        // E carries raw stderr bytes; the other frames carry NUL-terminated fields.
        got.push({
          type: f.type,
          fields: f.type === 'E' ? [f.body.toString()] : decodeFields(f.body),
          ms: Date.now() - started,
        });
        if (f.type === 'X') s.write(encodeFrame('R', encodeFields([0, 0, 1, 0, 0, 0, 0, 0])));
      }
    });
    s.on('close', () => resolve(got));
    s.on('error', reject);
    s.write(
      encodeFrame(
        'Q',
        encodeFields([
          PROTOCOL,
          TOKEN,
          Date.now(),
          'run',
          'bash',
          '/bin/bash',
          '/',
          2,
          '-c',
          'true',
          1,
          'HOME=/nonexistent',
        ]),
      ),
    );
  });
}

const runTrue: Handle = async (_req, channel) => {
  const r = await channel.executor.run({
    file: '/bin/true',
    args: [],
    cwd: '/',
    env: {},
    timeoutMs: 1000,
    graceMs: 100,
    maxOutputBytes: 1024,
  });
  return r.exitCode;
};

describe('the accept frame', () => {
  it('is not sent when the answer is prompt: the exec spec comes first', async () => {
    const frames = await request(await serve(runTrue));
    expect(frames.map((f) => f.type)).toEqual(['X', 'D']);
    expect(frames[0]!.fields[0]).toBe('/bin/true');
    expect(frames[1]!.fields).toEqual(['0']);
  });

  it('is not sent for a prompt block either: the message, then the status', async () => {
    const frames = await request(
      await serve(async (_req, channel) => {
        channel.writeStderr('shimctl: blocked (test.refuse): no\n');
        return 126;
      }),
    );
    expect(frames.map((f) => f.type)).toEqual(['E', 'D']);
    expect(frames[0]!.fields[0]).toContain('test.refuse');
  });

  it(`is sent after ${ACCEPT_AFTER_MS} ms when nothing else was (an approval in progress), well before the client's 1.5 s give-up`, async () => {
    const frames = await request(
      await serve(async (req, channel) => {
        await new Promise((r) => setTimeout(r, ACCEPT_AFTER_MS + 400));
        return runTrue(req, channel);
      }),
    );
    expect(frames.map((f) => f.type)).toEqual(['A', 'X', 'D']);
    expect(frames[0]!.ms).toBeGreaterThanOrEqual(ACCEPT_AFTER_MS - 20);
    expect(frames[0]!.ms).toBeLessThan(1500);
  });
});
