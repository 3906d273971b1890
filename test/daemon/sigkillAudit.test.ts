// Issue 14, no lost record: the decision is written (`phase: "start"`) before the command starts,
// so SIGKILL of the reviewer mid-command, which no handler can see, still leaves the command in
// the audit, and the next `audit tail` shows it as not ended. Real processes, real SIGKILL: the
// per-command core (SHIMCTL_DAEMON=off) and the resident process with the compiled client.
import { spawn } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import cases from './sigkillAudit.cases.json' with { type: 'json' };
import { alive, auditRecords, daemonPid, fastHome, findSleep, startDaemon, stopDaemon, waitFor } from './harness.js';
import { cli } from '../install/cliHarness.js';

interface Case {
  name: string;
  mode: 'per-command' | 'daemon';
  kill: 'shim' | 'daemon';
}

describe('SIGKILL of the reviewer while the command runs', () => {
  const h = fastHome();
  afterAll(() => stopDaemon(h));

  for (const [i, c] of (cases as Case[]).entries()) {
    it(`${c.name}: the start record is there and audit tail marks it NOT ENDED`, async () => {
      if (c.mode === 'daemon' && !alive(daemonPid(h))) startDaemon(h);
      const env = c.mode === 'daemon' ? {} : { SHIMCTL_DAEMON: 'off' };
      const token = `${70 + i}.${process.pid}`;
      const command = `sleep ${token}`;
      const shim = spawn(h.client, [h.node, h.entry, 'bash', '/bin/bash', '-c', command], {
        env: { ...h.env, ...env },
        cwd: h.project,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      const ended = new Promise<void>((resolve) => shim.on('close', () => resolve()));
      let sleeper: number | undefined;
      expect(await waitFor(() => (sleeper = findSleep(token)) !== undefined)).toBe(true);
      // The per-command core is the Node process under the client (the client execs it, so it is
      // the shim's pid); the resident process is the daemon's.
      const victim = c.kill === 'daemon' ? daemonPid(h)! : shim.pid!;
      process.kill(victim, 'SIGKILL');
      expect(await waitFor(() => !alive(victim))).toBe(true);
      // What happens to the command then is not this test's question; it must not outlive it.
      if (alive(sleeper)) process.kill(sleeper!, 'SIGKILL');
      await ended;

      const mine = auditRecords(h).filter((r) => r.command === command);
      expect(mine.length).toBeGreaterThanOrEqual(1);
      expect(mine[0]).toMatchObject({ phase: 'start', decision: 'allow' });
      const ends = mine.filter((r) => r.phase === 'end');
      const tail = cli(['audit', 'tail', '-n', '50'], h.env);
      expect(tail.status).toBe(0);
      const line = tail.stdout.split('\n').filter((l) => l.includes(command));
      expect(line).toHaveLength(1);
      // The reviewer that would write the end record is dead.
      expect(ends).toHaveLength(0);
      expect(line[0]).toContain('[NOT ENDED]');
      const stats = cli(['audit', 'stats', '--json'], h.env);
      expect(JSON.parse(stats.stdout).notEnded).toBeGreaterThanOrEqual(1);
      const verify = cli(['audit', 'verify'], h.env);
      expect(verify.status, verify.stdout + verify.stderr).toBe(0);
    }, 60_000);
  }
});
