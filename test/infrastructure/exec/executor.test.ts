import { chmodSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { harnessPath, isDead, runHarness, spec } from './execHarness.js';
import { tempDir } from '../../support/tempDirs.js';

beforeAll(async () => {
  await harnessPath();
});

const sh = (script: string, over = {}) => spec({ file: '/bin/sh', args: ['-c', script], ...over });
const tmp = (): string => tempDir('shimctl-exec-');

async function waitForLines(file: string, n: number): Promise<number[]> {
  for (let i = 0; i < 100; i++) {
    try {
      const pids = readFileSync(file, 'utf8').split('\n').filter(Boolean).map(Number);
      if (pids.length >= n) return pids;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`${file} never got ${n} pids`);
}

describe('bounded executor: exit status', () => {
  it('passes the program exit code and output through', async () => {
    const r = await runHarness(sh('echo out; echo err >&2; exit 3'));
    expect(r.result).toMatchObject({
      exitCode: 3,
      signal: null,
      timedOut: false,
      truncated: false,
      stdoutBytes: 4,
      stderrBytes: 4,
    });
    expect(r.stdout).toBe('out\n');
    expect(r.stderr).toBe('err\n');
    expect(r.status).toBe(3);
  });

  it.each([
    ['TERM', 15],
    ['KILL', 9],
    ['INT', 2],
    ['SEGV', 11],
  ])('a program killed by SIG%s reports 128+%d', async (name, n) => {
    const r = await runHarness(sh(`kill -${name} $$`));
    expect(r.result.exitCode).toBe(128 + n);
    expect(r.result.signal).toBe(`SIG${name}`);
  });

  it('a missing binary is 127 with spawnError, a non-executable one 126', async () => {
    const missing = await runHarness(spec({ file: '/nonexistent/tool' }));
    expect(missing.result.exitCode).toBe(127);
    expect(missing.result.spawnError).toMatch(/not found \(ENOENT\)/);
    const dir = tmp();
    writeFileSync(join(dir, 'plain'), 'echo hi\n');
    chmodSync(join(dir, 'plain'), 0o644);
    const denied = await runHarness(spec({ file: join(dir, 'plain') }));
    expect(denied.result.exitCode).toBe(126);
    expect(denied.result.spawnError).toMatch(/permission denied \(EACCES\)/);
  });

  it('presents the argv0 override to the program', async () => {
    const r = await runHarness(spec({ file: '/bin/dash', argv0: 'custom-name', args: ['-c', 'echo $0'] }));
    expect(r.stdout).toBe('custom-name\n');
  });

  it('gives the program exactly the environment it was handed', async () => {
    const r = await runHarness(spec({ file: '/usr/bin/env', env: { ONLY: 'this', PATH: '/bin' } }));
    expect(r.stdout.split('\n').filter(Boolean).sort()).toEqual(['ONLY=this', 'PATH=/bin']);
  });
});

describe('bounded executor: timeout ends the whole process group', () => {
  it('kills background children and a double-forked grandchild: no survivor', async () => {
    const pids = join(tmp(), 'pids');
    const script = `sleep 100 & echo $! >> ${pids}; sh -c 'sleep 101 & echo $! >> ${pids}' ; echo $$ >> ${pids}; sleep 102`;
    const r = await runHarness(sh(script, { timeoutMs: 1000, graceMs: 300 }));
    expect(r.result.timedOut).toBe(true);
    expect(r.result.exitCode).toBe(124);
    const all = await waitForLines(pids, 3);
    expect(all.filter((p) => !isDead(p))).toEqual([]);
  });

  it('escalates to SIGKILL after the grace when TERM is ignored', async () => {
    const pids = join(tmp(), 'pids');
    const script = `trap '' TERM; (trap '' TERM; sleep 100) & echo $! >> ${pids}; echo $$ >> ${pids}; while :; do sleep 1; done`;
    const r = await runHarness(sh(script, { timeoutMs: 800, graceMs: 300 }));
    expect(r.result).toMatchObject({ timedOut: true, exitCode: 124, signal: 'SIGKILL' });
    expect((await waitForLines(pids, 2)).filter((p) => !isDead(p))).toEqual([]);
  });
});

describe('bounded executor: stragglers of a stopped command', () => {
  it('kills a TERM-ignoring group member that left the output once the leader is gone', async () => {
    const pids = join(tmp(), 'pids');
    const script = `(trap '' TERM; exec sleep 100) >/dev/null 2>&1 & echo $! >> ${pids}; echo $$ >> ${pids}; sleep 100`;
    const r = await runHarness(sh(script, { timeoutMs: 800, graceMs: 5000 }));
    expect(r.result).toMatchObject({ timedOut: true, exitCode: 124, signal: 'SIGTERM' });
    expect(r.result.durationMs).toBeLessThan(4000);
    expect((await waitForLines(pids, 2)).filter((p) => !isDead(p))).toEqual([]);
  });
});

describe('bounded executor: output held by a process that left the group', () => {
  // `setsid -f` puts the sleep in a session of its own, out of reach of the group kill, and it
  // keeps the command's stdout and stderr open for 30 s. The wait must still end at timeout +
  // grace (1.5 s here); the bound asserted is generous so a slow machine does not flake.
  const holder = (pids: string): string => `setsid -f sh -c 'echo $$ >> ${pids}; exec sleep 30'`;

  async function runHeld(
    script: string,
    pids: string,
  ): Promise<{ run: Awaited<ReturnType<typeof runHarness>>; elapsed: number }> {
    const t0 = Date.now();
    try {
      const run = await runHarness(sh(script, { timeoutMs: 1000, graceMs: 500 }));
      return { run, elapsed: Date.now() - t0 };
    } finally {
      // The leftover sleep is outside the command's bounds by construction: end it here.
      for (const pid of await waitForLines(pids, 1).catch(() => [])) {
        try {
          process.kill(pid, 'SIGKILL');
        } catch {
          /* already gone */
        }
      }
    }
  }

  it('the program exited at once: the result comes at timeout + grace with its own exit status', async () => {
    const pids = join(tmp(), 'pids');
    const { run, elapsed } = await runHeld(`${holder(pids)}; echo leader-done; exit 3`, pids);
    expect(elapsed).toBeLessThan(10_000);
    expect(run.stdout).toBe('leader-done\n');
    // Nothing of the command's group was left to stop at the timeout: not a timeout.
    expect(run.result).toMatchObject({ exitCode: 3, signal: null, timedOut: false });
    expect(run.result.durationMs).toBeGreaterThanOrEqual(1400);
    expect(run.status).toBe(3);
  }, 45_000);

  it('the program itself ran into the timeout: 124, timedOut, and the result still comes', async () => {
    const pids = join(tmp(), 'pids');
    const { run, elapsed } = await runHeld(`${holder(pids)}; echo leader-done; exec sleep 100`, pids);
    expect(elapsed).toBeLessThan(10_000);
    expect(run.stdout).toBe('leader-done\n');
    expect(run.result).toMatchObject({ exitCode: 124, signal: 'SIGTERM', timedOut: true });
    expect(run.status).toBe(124);
  }, 45_000);
});

describe('bounded executor: output cap', () => {
  it('forwards up to the cap, drains the rest, and says how much was dropped', async () => {
    const r = await runHarness(
      spec({ file: '/usr/bin/head', args: ['-c', '5000000', '/dev/zero'], maxOutputBytes: 1000 }),
    );
    expect(r.stdout.length).toBe(1000);
    expect(r.result).toMatchObject({ exitCode: 0, truncated: true, stdoutBytes: 5_000_000, timedOut: false });
    expect(r.stderr).toContain('shimctl: output truncated: 4999000 bytes dropped from stdout');
  });

  it('caps stderr separately', async () => {
    const r = await runHarness(sh('head -c 3000 /dev/zero >&2; echo ok', { maxOutputBytes: 100 }));
    expect(r.stdout).toBe('ok\n');
    expect(r.result.stderrBytes).toBe(3000);
    expect(r.stderr).toContain('2900 bytes dropped from stderr');
  });
});

describe('bounded executor: stdin, signals, terminals', () => {
  it('passes stdin through', async () => {
    const r = await runHarness(spec({ file: '/bin/cat' }), { input: 'line one\nline two\n' });
    expect(r.stdout).toBe('line one\nline two\n');
  });

  it('a closed stdin reaches the program as end of file, it does not hang', async () => {
    const harness = await harnessPath();
    const s = JSON.stringify(sh('cat; echo "cat-status=$?"', { timeoutMs: 5000 }));
    const { spawnSync } = await import('node:child_process');
    const r = spawnSync('sh', ['-c', 'exec "$0" "$1" "$2" <&- 3>/dev/null', process.execPath, harness, s], {
      encoding: 'utf8',
      timeout: 10_000,
    });
    expect(r.stdout).toBe('cat-status=0\n');
    expect(r.status).toBe(0);
  });

  it('forwards SIGTERM sent to shimctl to the child group and still reports the result', async () => {
    const pids = join(tmp(), 'pids');
    const r = await runHarness(sh(`sleep 100 & echo $! >> ${pids}; echo $$ >> ${pids}; wait`, { graceMs: 300 }), {
      onStart: (pid) => void waitForLines(pids, 2).then(() => process.kill(pid, 'SIGTERM')),
    });
    expect(r.result.signal).toBe('SIGTERM');
    expect(r.result.exitCode).toBe(143);
    expect(r.status).toBe(143);
    expect((await waitForLines(pids, 2)).filter((p) => !isDead(p))).toEqual([]);
  });

  it('keeps a TTY a TTY inside a real pseudo-terminal (script -qc)', async () => {
    const harness = await harnessPath();
    const s = JSON.stringify(sh('test -t 0 && test -t 1 && test -t 2 && echo TTY-OK || echo NO-TTY'));
    const { execFileSync } = await import('node:child_process');
    const quoted = `'${s.replace(/'/g, `'\\''`)}'`;
    const out = execFileSync('script', ['-qec', `${process.execPath} ${harness} ${quoted} 3>/dev/null`, '/dev/null'], {
      encoding: 'utf8',
    });
    expect(out).toContain('TTY-OK');
  });
});
