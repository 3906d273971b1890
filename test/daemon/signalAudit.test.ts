// Question: is every allowed command audited exactly once (a start record before it runs and one
// end record with its exit status, issue 14), when a signal
// ends the command or hits shimctl itself? Both modes, real processes and real signals: the
// per-command Node core (SHIMCTL_DAEMON=off) and the compiled client + resident review process.
import { spawn } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import cases from './signalAudit.cases.json' with { type: 'json' };
import {
  alive,
  auditLines as auditRecords,
  daemonPid,
  fastHome,
  findSleep,
  startDaemon,
  stopDaemon,
  waitFor,
} from './harness.js';

interface Case {
  name: string;
  target: 'command' | 'shim' | 'daemon';
  signal: NodeJS.Signals;
  then?: NodeJS.Signals;
  status: number;
  modes?: string[];
}

let serial = 0;

describe.each(['per-command', 'daemon'])('%s mode', (mode) => {
  const h = fastHome();
  afterAll(() => stopDaemon(h));
  const env = mode === 'daemon' ? {} : { SHIMCTL_DAEMON: 'off' };

  for (const c of (cases as Case[]).filter((x) => !x.modes || x.modes.includes(mode))) {
    it(`${c.name}: one start and one end record with status ${c.status}`, async () => {
      // A daemon a previous case signalled may have left its lock behind: start one unless a live one holds it.
      if (mode === 'daemon' && !alive(daemonPid(h))) startDaemon(h);
      const daemon = mode === 'daemon' ? daemonPid(h) : undefined;
      const token = `${40 + (serial++ % 50)}.${process.pid}`;
      const command = `sleep ${token}`;
      const shim = spawn(h.client, [h.node, h.entry, 'bash', '/bin/bash', '-c', command], {
        env: { ...h.env, ...env },
        cwd: h.project,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stderr = '';
      shim.stderr.on('data', (d) => (stderr += d));
      const ended = new Promise<number | null>((resolve) => shim.on('close', (status) => resolve(status)));
      let sleeper: number | undefined;
      expect(await waitFor(() => (sleeper = findSleep(token)) !== undefined)).toBe(true);
      // The client's debug line can reach the pipe after the command has started.
      if (mode === 'daemon') await waitFor(() => stderr.includes('shimctl-client: daemon:'));
      if (mode === 'daemon') expect(stderr).toContain('shimctl-client: daemon: accepted');
      if (c.target === 'command') process.kill(sleeper!, c.signal);
      if (c.target === 'shim') process.kill(shim.pid!, c.signal);
      if (c.target === 'daemon') {
        process.kill(daemon!, c.signal);
        await new Promise((r) => setTimeout(r, 300));
        process.kill(sleeper!, c.then!);
      }
      expect(await ended).toBe(c.status);
      const mine = auditRecords(h).filter((r) => r.command === command);
      expect(mine.map((r) => r.phase)).toEqual(['start', 'end']);
      expect(mine[0]!.id).toBe(mine[1]!.id);
      expect(mine[0]).not.toHaveProperty('exitCode');
      expect(mine[1]).toMatchObject({ decision: 'allow', exitCode: c.status });
      expect(findSleep(token)).toBeUndefined();
      // The next case must not meet this daemon half-way through its shutdown.
      if (c.target === 'daemon') expect(await waitFor(() => !alive(daemon))).toBe(true);
    });
  }
});
