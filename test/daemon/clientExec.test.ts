// The compiled client as executor, against a real daemon server whose handler (instead of the
// policy) sends the exec spec the test chose: exit status, signals, environment, argv, output
// cap, stdin, spawn failures and the process-group timeout, as cases in clientExec.cases.json.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExecResult, ExecSpec } from '../../src/application/ports/executor.js';
import { daemonFiles, ensureRunDir, writeToken } from '../../src/infrastructure/daemon/daemonFiles.js';
import { startDaemon } from '../../src/infrastructure/daemon/daemonServer.js';
import type { RunningDaemon } from '../../src/infrastructure/daemon/daemonServer.js';
import { RELAY_ENTRY, alive, clientBinary, startRelay } from './harness.js';
import { tempDir } from '../support/tempDirs.js';

interface Case {
  name: string;
  spec: Partial<ExecSpec> & { file: string };
  stdin?: string;
  stdout?: string;
  stderrContains?: string;
  groupMustDie?: boolean;
  expect?: Partial<ExecResult>;
}

const home = tempDir('shimctl-clientexec-');
const runDir = join(home, '.local/state/shimctl/run');
const results = new Map<string, ExecResult>();
let daemon: RunningDaemon;
let relay: { stop(): void } | undefined;
const cases = JSON.parse(readFileSync(join(import.meta.dirname, 'clientExec.cases.json'), 'utf8')) as Case[];

function runClient(
  id: string,
  stdin: string | undefined,
  onSpawn: (pid: number) => void = () => {},
): Promise<{ status: number | null; signal: string | null; stdout: string; stderr: string; pid: number }> {
  return new Promise((resolve) => {
    // `node` must exist for the fallback; it must never be reached here, so it is /bin/false. The
    // entry the daemon must run is the relay that stands in front of this file's server.
    const child = spawn(clientBinary(), ['/bin/false', RELAY_ENTRY, 'bash', '/bin/bash', '-c', id], {
      env: { HOME: home, PATH: '/usr/bin:/bin', SECRET_OF_CLIENT: 'must-not-leak' },
      cwd: home,
    });
    onSpawn(child.pid!);
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.stdin.end(stdin ?? '');
    child.on('close', (status, signal) => resolve({ status, signal, stdout, stderr, pid: child.pid! }));
  });
}

beforeAll(async () => {
  mkdirSync(runDir, { recursive: true, mode: 0o700 });
  const files = daemonFiles(runDir);
  ensureRunDir(runDir);
  const token = writeToken(files);
  const front = await startRelay(files.socket, home);
  relay = front;
  daemon = await startDaemon({
    files: { ...files, socket: front.backend },
    token,
    idleMs: 60_000,
    refuseEnv: () => undefined,
    staleReason: () => undefined,
    async handle(req, channel) {
      const id = req.args[1]!;
      const spec = JSON.parse(Buffer.from(id, 'base64').toString('utf8')) as ExecSpec;
      const result = await channel.executor.run(spec);
      results.set(id, result);
      return result.exitCode;
    },
  });
});

afterAll(() => {
  daemon?.stop('test over');
  relay?.stop();
});

describe('the fast-path client runs what the daemon allowed, within bounds', () => {
  for (const c of cases) {
    it(c.name, async () => {
      const pidFile = join(home, `${Math.random().toString(36).slice(2)}.pid`);
      const spec: ExecSpec = {
        args: [],
        cwd: home,
        env: { PATH: '/usr/bin:/bin', PIDFILE: pidFile },
        timeoutMs: 10_000,
        graceMs: 1000,
        maxOutputBytes: 1_000_000,
        ...c.spec,
      };
      const id = Buffer.from(JSON.stringify(spec)).toString('base64');
      const r = await runClient(id, c.stdin);
      const result = results.get(id);
      expect(result, r.stderr).toBeDefined();
      expect(r.status).toBe(result!.exitCode);
      if (c.expect) expect(result).toMatchObject(c.expect);
      if (c.stdout !== undefined) expect(r.stdout).toBe(c.stdout);
      if (c.stderrContains !== undefined) expect(r.stderr).toContain(c.stderrContains);
      expect(r.stdout + r.stderr).not.toContain('must-not-leak');
      if (c.groupMustDie) {
        const bg = Number(readFileSync(pidFile, 'utf8').trim());
        expect(bg).toBeGreaterThan(0);
        // The background job was in the command's group: the timeout must have ended it too.
        await new Promise((res) => setTimeout(res, 100));
        expect(alive(bg)).toBe(false);
      }
    });
  }

  // `setsid -f` puts the sleep in a session of its own, out of reach of the group kill, and it keeps
  // the command's stdout and stderr open for 30 s. The client must still stop waiting at timeout +
  // grace (1.5 s here) and report, so the daemon writes the record; the bound is generous on purpose.
  it.each([
    [
      'the program exited at once: its own exit status, not a timeout',
      'echo leader-done; exit 3',
      { exitCode: 3, signal: null, timedOut: false },
    ],
    [
      'the program itself ran into the timeout: 124',
      'echo leader-done; exec sleep 100',
      { exitCode: 124, signal: 'SIGTERM', timedOut: true },
    ],
  ] as const)(
    'a setsid descendant holding the output does not hold the client past timeout + grace: %s',
    async (_name, tail, expected) => {
      const pidFile = join(home, `${Math.random().toString(36).slice(2)}.pid`);
      const script = `setsid -f sh -c 'echo $$ > "$PIDFILE"; exec sleep 30'; ${tail}`;
      const spec: ExecSpec = {
        file: '/bin/sh',
        args: ['-c', script],
        cwd: home,
        env: { PATH: '/usr/bin:/bin', PIDFILE: pidFile },
        timeoutMs: 1000,
        graceMs: 500,
        maxOutputBytes: 1000,
      };
      const id = Buffer.from(JSON.stringify(spec)).toString('base64');
      const t0 = Date.now();
      try {
        const r = await runClient(id, undefined);
        const elapsed = Date.now() - t0;
        expect(elapsed).toBeLessThan(10_000);
        expect(results.get(id), r.stderr).toMatchObject(expected);
        expect(results.get(id)!.durationMs).toBeGreaterThanOrEqual(1400);
        expect(r.status).toBe(expected.exitCode);
        expect(r.stdout).toBe('leader-done\n');
      } finally {
        // The leftover sleep is outside the command's bounds by construction: end it here.
        for (let i = 0; i < 40 && !existsSync(pidFile); i++) await new Promise((res) => setTimeout(res, 50));
        const holder = existsSync(pidFile) ? Number(readFileSync(pidFile, 'utf8').trim()) : 0;
        if (holder > 0) {
          try {
            process.kill(holder, 'SIGKILL');
          } catch {
            /* already gone */
          }
        }
      }
    },
    45_000,
  );

  it('forwards TERM sent to the client to the command group and still reports back', async () => {
    const spec: ExecSpec = {
      file: '/bin/sleep',
      args: ['30'],
      cwd: home,
      env: { PATH: '/usr/bin:/bin' },
      timeoutMs: 20_000,
      graceMs: 500,
      maxOutputBytes: 1000,
    };
    const id = Buffer.from(JSON.stringify(spec)).toString('base64');
    let clientPid = 0;
    const running = runClient(id, undefined, (pid) => (clientPid = pid));
    await new Promise((res) => setTimeout(res, 400));
    process.kill(clientPid, 'SIGTERM');
    const r = await running;
    expect(results.get(id)).toMatchObject({ exitCode: 143, signal: 'SIGTERM', timedOut: false });
    expect(r.status).toBe(143);
  });
});
