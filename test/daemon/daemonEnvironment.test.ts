// The resident process serves every session, and any of them can read its /proc entries: it must
// hold no session's secrets (issue 17 item 5). Whoever starts it (a shim's first command, `daemon
// start`, `daemon run` typed in a terminal) passes only HOME, XDG_* and the idle period; each
// command's environment comes from its own request.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DAEMON_ENV_NAMES } from '../../src/infrastructure/daemon/daemonEnv.js';
import { CLI } from '../install/cliHarness.js';
import type { FastHome } from './harness.js';
import { alive, daemonPid, fastHome, runFast, startDaemon, stopDaemon, waitFor } from './harness.js';

const SECRET = 'xyz-secret-of-session-one';
let h: FastHome | undefined;
afterEach(() => {
  if (h) stopDaemon(h);
  h = undefined;
});

function procEntries(pid: number): { environ: string; cmdline: string; names: string[] } {
  const environ = readFileSync(`/proc/${pid}/environ`, 'latin1');
  const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'latin1');
  return {
    environ,
    cmdline,
    names: environ
      .split('\0')
      .filter(Boolean)
      .map((e) => e.slice(0, e.indexOf('='))),
  };
}

async function daemonUp(home: FastHome): Promise<number> {
  expect(
    await waitFor(() => alive(daemonPid(home)) && runFast(home, 'true').stderr.includes('daemon: accepted'), 20_000),
  ).toBe(true);
  return daemonPid(home)!;
}

/**
 * Session two: no secret of its own. Its command prints TERM, a name the allow-list passes: what
 * it prints must be session two's own value, never the one the daemon's starter had.
 */
function secondSession(home: FastHome): string {
  const r = runFast(home, 'printenv TERM', { TERM: 'session-two-term' });
  expect(r.stderr).toContain('shimctl-client: daemon: accepted');
  expect(r.status, r.stderr).toBe(0);
  expect(r.stdout).toBe('session-two-term\n');
  return r.stdout;
}

describe("the resident process holds no session's secrets", () => {
  it('started by a shim of a session with SECRET_TOKEN set: not in its environ or cmdline, nor in a command of another session', async () => {
    h = fastHome();
    const first = runFast(h, 'true', { SECRET_TOKEN: SECRET, TERM: SECRET });
    expect(first.stderr).toContain('no daemon (starting one)');
    const pid = await daemonUp(h);
    const own = procEntries(pid);
    expect(own.environ).not.toContain(SECRET);
    expect(own.cmdline).not.toContain(SECRET);
    expect(DAEMON_ENV_NAMES).toEqual(expect.arrayContaining(own.names));
    expect(secondSession(h)).not.toContain(SECRET);
  });

  it('started by `shimctl daemon start` from such a session: the same', async () => {
    h = fastHome();
    const pid = startDaemon(h, { SECRET_TOKEN: SECRET, TERM: SECRET, NODE_OPTIONS: '--max-old-space-size=200' });
    const own = procEntries(pid);
    expect(own.environ).not.toContain(SECRET);
    expect(DAEMON_ENV_NAMES).toEqual(expect.arrayContaining(own.names));
    expect(secondSession(h)).not.toContain(SECRET);
  });

  it('`shimctl daemon run` typed in a terminal with a secret: the serving process starts again without it', async () => {
    h = fastHome();
    const home = h;
    const fg = spawn(process.execPath, [CLI, 'daemon', 'run'], {
      env: { ...home.env, SECRET_TOKEN: SECRET, TERM: SECRET },
      stdio: 'ignore',
    });
    try {
      const pid = await daemonUp(home);
      expect(pid).not.toBe(fg.pid);
      const own = procEntries(pid);
      expect(own.environ).not.toContain(SECRET);
      expect(own.cmdline).toContain(join('shims', 'shim-entry.cjs'));
      expect(secondSession(home)).not.toContain(SECRET);
    } finally {
      fg.kill('SIGTERM');
    }
    // The foreground process passes TERM on: the serving one stops too.
    expect(await waitFor(() => !alive(daemonPid(home)))).toBe(true);
  });
});
