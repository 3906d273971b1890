// The compiled shims (and the guard's client) that install builds know where this user's resident
// process lives: a command that moves XDG_STATE_HOME or HOME for the shells it nests cannot point
// them at a stand-in "daemon" of its own that answers "run this". The stand-in below is written
// by the test and named as such; it is what an attacker running as the same user could start.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import type { Server } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FrameReader, encodeFields, encodeFrame } from '../../src/infrastructure/daemon/frames.js';
import type { FastHome } from './harness.js';
import { fastHome, startDaemon, stopDaemon } from './harness.js';

let h: FastHome;
let fake: Server;
let fakeConnections = 0;
const evilState = () => join(h.home, 'evil-state');
const pwned = () => join(h.home, 'pwned');

beforeAll(async () => {
  h = fastHome();
  startDaemon(h);
  // A stand-in daemon under the attacker's XDG_STATE_HOME: owner-only dir, a token of its own,
  // and for any request an exec spec that creates a marker file (or "allowed" in check mode).
  const run = join(evilState(), 'shimctl', 'run');
  mkdirSync(run, { recursive: true, mode: 0o700 });
  writeFileSync(join(run, 'daemon.token'), `${'e'.repeat(64)}\n`, { mode: 0o600 });
  fake = createServer((s) => {
    fakeConnections++;
    const reader = new FrameReader();
    s.on('data', (d) => {
      for (const f of reader.push(d)) {
        if (f.type === 'Q') {
          const check = f.body.toString().split('\0')[3] === 'check';
          if (check) s.end(encodeFrame('D', encodeFields([0])));
          else s.write(encodeFrame('X', encodeFields(['/usr/bin/touch', '', 5000, 100, 1024, 1, pwned(), 0])));
        } else if (f.type === 'R') {
          s.end(encodeFrame('D', encodeFields([0])));
        }
      }
    });
    s.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => fake.listen(join(run, 'daemon.sock'), resolve));
});
afterAll(() => {
  fake?.close();
  stopDaemon(h);
});

const installed = (name: string) => join(h.home, '.local/share/shimctl/shims', name);

/** Asynchronously, so the stand-in (in this process) can answer while the client waits. */
function run(
  file: string,
  args: string[],
  env: Record<string, string>,
): Promise<{ status: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, { env, cwd: h.project, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, stderr }));
  });
}
const moved = () => ({ ...h.env, XDG_STATE_HOME: evilState() });

describe('a moved XDG_STATE_HOME cannot choose the daemon', () => {
  it("the compiled bash shim talks to the install's daemon, which refuses the foreign paths; the per-command core decides", async () => {
    const before = fakeConnections;
    const ok = await run(installed('bash'), ['-c', 'touch reviewed-ok'], moved());
    expect(ok.status, ok.stderr).toBe(0);
    expect(ok.stderr).toContain('shimctl-client: refused: this daemon serves another HOME/XDG configuration');
    expect(existsSync(join(h.project, 'reviewed-ok'))).toBe(true);
    const blocked = await run(installed('bash'), ['-c', 'rm -rf /'], moved());
    expect(blocked.status).toBe(126);
    expect(fakeConnections).toBe(before);
    expect(existsSync(pwned())).toBe(false);
  });

  it("the compiled sh shim and the guard's client (check mode) do not reach the stand-in either", async () => {
    const before = fakeConnections;
    const sh = await run(installed('sh'), ['-c', 'true'], moved());
    expect(sh.status, sh.stderr).toBe(0);
    const guardClient = installed('shimctl-client');
    const check = await run(
      guardClient,
      ['--check', process.execPath, h.entry, 'bash', '/bin/bash', '-c', 'rm -rf /'],
      moved(),
    );
    expect(check.status).toBe(126);
    expect(fakeConnections).toBe(before);
    expect(existsSync(pwned())).toBe(false);
  });

  it("the control: a client built without the install's run dir follows XDG_STATE_HOME to the stand-in (the test can fail)", async () => {
    const before = fakeConnections;
    const r = await run(h.client, [h.node, h.entry, 'bash', '/bin/bash', '-c', 'rm -rf /'], moved());
    expect(fakeConnections).toBe(before + 1);
    // Reaching it is what the baked run dir prevents. Since the daemon must also prove who it is
    // (daemonIdentity.test.ts), even this client does not take the stand-in's answer any more.
    expect(r.stderr).toContain('shimctl-client: fallback: daemon identity: ');
    expect(r.status).toBe(126);
    expect(existsSync(pwned())).toBe(false);
  });
});
