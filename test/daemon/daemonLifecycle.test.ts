// The resident review process end to end with the built CLI and the compiled client: started by
// the first call, used by the next ones, refused without the token, killed, stopped and starved
// (never running a command unreviewed), config edits seen at once, idle exit, many agents at once.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  PROTOCOL,
  encodeFields,
  encodeFrame,
  FrameReader,
  decodeFields,
} from '../../src/infrastructure/daemon/frames.js';
import type { FastHome } from './harness.js';
import {
  alive,
  auditRecords,
  daemonPid,
  fastHome,
  nodeStarts,
  runFast,
  runFastAsync,
  startDaemon,
  stopDaemon,
  waitFor,
} from './harness.js';
import { CLI, SYSTEM_PATH } from '../install/cliHarness.js';

const homes: FastHome[] = [];
function home(extra: Record<string, string> = {}): FastHome {
  const h = fastHome(extra);
  homes.push(h);
  return h;
}
afterAll(() => {
  for (const h of homes) stopDaemon(h);
});

const shimCalls = (h: FastHome) => nodeStarts(h).filter((l) => l.includes(' __shim ')).length;
const writeUserConfig = (h: FastHome, config: unknown) => {
  mkdirSync(join(h.home, '.config/shimctl'), { recursive: true });
  writeFileSync(join(h.home, '.config/shimctl/config.json'), JSON.stringify(config));
};

describe('resident review process', () => {
  it('is started by the first call, which falls back to the per-command core; later calls use it', async () => {
    const h = home();
    const first = runFast(h, 'touch first');
    expect(first.status, first.stderr).toBe(0);
    expect(first.stderr).toContain('shimctl-client: fallback: no daemon (starting one)');
    expect(existsSync(join(h.project, 'first'))).toBe(true);
    // Alive is not yet listening: the lock is taken before the socket is bound.
    expect(await waitFor(() => alive(daemonPid(h)) && existsSync(join(h.runDir, 'daemon.sock')))).toBe(true);
    expect(nodeStarts(h).some((l) => l.endsWith(' daemon run'))).toBe(true);

    const before = shimCalls(h);
    const second = runFast(h, 'touch second');
    expect(second.status, second.stderr).toBe(0);
    expect(second.stderr).toContain('shimctl-client: daemon: accepted');
    expect(shimCalls(h)).toBe(before); // no per-command core this time
    expect(existsSync(join(h.project, 'second'))).toBe(true);

    const blocked = runFast(h, 'rm -rf /');
    expect(blocked.status).toBe(126);
    expect(blocked.stderr).toContain('shimctl: blocked (path.root_deletion)');

    const records = auditRecords(h);
    expect(records.map((r) => [r.command, r.decision, r.exitCode])).toEqual([
      ['touch first', 'allow', 0],
      ['touch second', 'allow', 0],
      ['rm -rf /', 'block', undefined],
    ]);
    // The run dir and everything in it are this user's only.
    expect(readdirSync(h.runDir).sort()).toEqual(['daemon.lock', 'daemon.sock', 'daemon.token']);
  });

  it('answers the BASH_ENV guard (check mode) too: the calling bash runs only what was allowed', () => {
    const h = home();
    startDaemon(h);
    const guard = join(h.home, '.local/share/shimctl/shims/bash_env_guard.bash');
    const env = { ...h.env, BASH_ENV: guard, SHLVL: '1' };
    const ok = spawnSync('/bin/bash', ['-c', 'touch guarded'], { env, cwd: h.project, encoding: 'utf8' });
    expect(ok.status, ok.stderr).toBe(0);
    expect(ok.stderr).toContain('daemon: accepted');
    expect(existsSync(join(h.project, 'guarded'))).toBe(true);
    const no = spawnSync('/bin/bash', ['-c', 'rm -rf /'], { env, cwd: h.project, encoding: 'utf8' });
    expect(no.status).toBe(126);
    expect(no.stderr).toContain('shimctl: blocked (path.root_deletion)');
    expect(auditRecords(h).map((r) => [r.command, r.decision])).toEqual([
      ['touch guarded', 'allow'],
      ['rm -rf /', 'block'],
    ]);
    expect(shimCalls(h)).toBe(0);
  });

  it('falls back and still reviews when told not to start one (SHIMCTL_DAEMON=nostart)', () => {
    const h = home({ SHIMCTL_DAEMON: 'nostart' });
    const r = runFast(h, 'rm -rf /');
    expect(r.status).toBe(126);
    expect(r.stderr).toContain('fallback: no daemon');
    const ok = runFast(h, 'touch x');
    expect(ok.status).toBe(0);
    expect(alive(daemonPid(h))).toBe(false);
    expect(auditRecords(h).map((x) => x.decision)).toEqual(['block', 'allow']);
  });

  it('serves many agents at once, one record each with its exit status', async () => {
    const h = home();
    startDaemon(h);
    const n = 16;
    const runs = await Promise.all(
      Array.from({ length: n }, (_, i) =>
        runFastAsync(h, i % 4 === 3 ? 'rm -rf /' : `touch file-${i}`, { SHIMCTL_SESSION: `agent-${i}` }),
      ),
    );
    runs.forEach((r, i) => {
      expect(r.status, r.stderr).toBe(i % 4 === 3 ? 126 : 0);
      expect(r.stderr).toContain('daemon: accepted');
    });
    const records = auditRecords(h);
    expect(records).toHaveLength(n);
    expect(new Set(records.map((r) => r.id)).size).toBe(n);
    for (const r of records) {
      const i = Number(String(r.session).slice('agent-'.length));
      expect(r.decision).toBe(i % 4 === 3 ? 'block' : 'allow');
      if (i % 4 !== 3) {
        expect(r.exitCode).toBe(0);
        expect(existsSync(join(h.project, `file-${i}`))).toBe(true);
      }
    }
  });

  it('applies a config edit on the very next command', () => {
    const h = home();
    startDaemon(h);
    expect(runFast(h, 'touch a').status).toBe(0);
    writeUserConfig(h, {
      rules: [{ id: 'test:no-touch', command: 'touch', decision: 'block', reason: 'no touching' }],
    });
    const blocked = runFast(h, 'touch b');
    expect(blocked.status).toBe(126);
    expect(blocked.stderr).toContain('daemon: accepted');
    expect(existsSync(join(h.project, 'b'))).toBe(false);
    writeUserConfig(h, { nested: 'sometimes' });
    const invalid = runFast(h, 'touch c');
    expect(invalid.status).toBe(126);
    expect(invalid.stderr).toContain('(config.invalid)');
    rmSync(join(h.home, '.config/shimctl/config.json'));
    expect(runFast(h, 'touch d').status).toBe(0);
    expect(existsSync(join(h.project, 'd'))).toBe(true);
  });

  it('never runs the command unreviewed when the daemon is killed mid-request', async () => {
    const h = home();
    writeUserConfig(h, {
      approvals: { timeoutSeconds: 2 },
      rules: [{ id: 'test:ask-touch', command: 'touch', decision: 'ask' }],
    });
    const pid = startDaemon(h);
    const pending = runFastAsync(h, 'touch must-not-exist');
    // The daemon is now waiting for a human; kill it there.
    expect(
      await waitFor(
        () =>
          existsSync(join(h.home, '.local/state/shimctl/approvals')) &&
          readdirSync(join(h.home, '.local/state/shimctl/approvals')).some((f) => f.endsWith('.json')),
      ),
    ).toBe(true);
    process.kill(pid, 'SIGKILL');
    const r = await pending;
    expect(r.stderr).toContain('fallback: the daemon went away before a command ran');
    expect(r.status).toBe(126); // the per-command core asked again; nobody answered
    expect(existsSync(join(h.project, 'must-not-exist'))).toBe(false);
  });

  it('falls back to the per-command core when the daemon does not answer (stopped)', async () => {
    const h = home();
    const pid = startDaemon(h);
    process.kill(pid, 'SIGSTOP');
    try {
      const r = runFast(h, 'rm -rf /');
      expect(r.stderr).toContain('fallback: no answer from the daemon in time');
      expect(r.status).toBe(126);
      const ok = runFast(h, 'touch slow-path');
      expect(ok.status).toBe(0);
    } finally {
      process.kill(pid, 'SIGCONT');
    }
    // Once resumed, the daemon refuses the requests it was too late for: one record per command.
    await new Promise((res) => setTimeout(res, 500));
    expect(auditRecords(h).map((x) => x.command)).toEqual(['rm -rf /', 'touch slow-path']);
  });

  it('refuses a client without the right token', async () => {
    const h = home();
    startDaemon(h);
    const answer = await new Promise<string[]>((resolve, reject) => {
      const s = connect(join(h.runDir, 'daemon.sock'));
      const reader = new FrameReader();
      const got: string[] = [];
      s.on('data', (d) => got.push(...reader.push(d).map((f) => `${f.type}:${decodeFields(f.body).join(' ')}`)));
      s.on('close', () => resolve(got));
      s.on('error', reject);
      s.write(
        encodeFrame(
          'Q',
          encodeFields([
            PROTOCOL,
            'f'.repeat(64),
            Date.now(),
            'run',
            'bash',
            '/bin/bash',
            h.project,
            2,
            '-c',
            'touch forged',
            1,
            `HOME=${h.home}`,
          ]),
        ),
      );
    });
    expect(answer).toEqual(['F:wrong token']);
    expect(existsSync(join(h.project, 'forged'))).toBe(false);
    expect(auditRecords(h)).toEqual([]);

    // The real client with a tampered token is refused too, and the command is still reviewed.
    writeFileSync(join(h.runDir, 'daemon.token'), `${'0'.repeat(64)}\n`, { mode: 0o600 });
    const r = runFast(h, 'rm -rf /');
    expect(r.stderr).toContain('shimctl-client: refused: wrong token');
    expect(r.status).toBe(126);
  });

  it('refuses a request whose HOME/XDG name other paths, also right after serving its own', async () => {
    const h = home();
    startDaemon(h);
    const token = readFileSync(join(h.runDir, 'daemon.token'), 'utf8').trim();
    const ask = (env: string[], command: string) =>
      new Promise<string[]>((resolve, reject) => {
        const s = connect(join(h.runDir, 'daemon.sock'));
        const reader = new FrameReader();
        const got: string[] = [];
        s.on('data', (d) => {
          for (const f of reader.push(d)) {
            got.push(f.type === 'E' ? `E:${f.body.toString()}` : `${f.type}:${decodeFields(f.body).join(' ')}`);
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
              token,
              Date.now(),
              'run',
              'bash',
              '/bin/bash',
              h.project,
              2,
              '-c',
              command,
              env.length,
              ...env,
            ]),
          ),
        );
      });
    const own = [`HOME=${h.home}`, `PATH=${SYSTEM_PATH}`];
    expect((await ask(own, 'touch own'))[0]).toMatch(/^X:/);
    // An attacker-chosen config dir, state dir, data dir or HOME: refused before any review.
    const evil = join(h.home, 'evil');
    for (const extra of [`XDG_CONFIG_HOME=${evil}`, `XDG_STATE_HOME=${evil}`, `XDG_DATA_HOME=${evil}`]) {
      expect(await ask([...own, extra], 'touch foreign'), extra).toEqual([
        'F:this daemon serves another HOME/XDG configuration',
      ]);
    }
    expect(await ask([`HOME=${evil}`, `PATH=${SYSTEM_PATH}`], 'touch foreign')).toEqual([
      'F:this daemon serves another HOME/XDG configuration',
    ]);
    expect(await ask([`PATH=${SYSTEM_PATH}`], 'touch foreign')).toEqual([
      expect.stringMatching(/^F:.*HOME is not set/),
    ]);
    // A relative XDG value is ignored by the XDG rules, so it names the same paths: served.
    expect((await ask([...own, 'XDG_CONFIG_HOME=relative/dir'], 'touch own2'))[0]).toMatch(/^X:/);
    expect(auditRecords(h).map((r) => r.command)).toEqual(['touch own', 'touch own2']);
  });

  it('exits after the idle period and removes its socket, token and lock', async () => {
    const h = home({ SHIMCTL_DAEMON_IDLE_SECONDS: '1' });
    const pid = startDaemon(h);
    expect(runFast(h, 'touch idle').stderr).toContain('daemon: accepted');
    expect(await waitFor(() => !alive(pid), 8000)).toBe(true);
    expect(readdirSync(h.runDir).filter((f) => f !== 'daemon.spawned')).toEqual([]);
  });

  it('steps aside when shimctl changed on disk (an upgrade): the request is reviewed by the new code', async () => {
    const h = home();
    const pid = startDaemon(h);
    expect(runFast(h, 'touch before').stderr).toContain('daemon: accepted');
    const bundle = JSON.parse(readFileSync(join(h.home, '.local/share/shimctl/manifest.json'), 'utf8'))
      .bundle as string;
    const later = new Date(Date.now() + 5000);
    utimesSync(bundle, later, later);
    const r = runFast(h, 'touch after');
    expect(r.stderr).toContain('shimctl-client: refused: stale daemon');
    expect(r.status).toBe(0);
    expect(existsSync(join(h.project, 'after'))).toBe(true);
    expect(await waitFor(() => !alive(pid), 8000)).toBe(true);
    expect(auditRecords(h).map((x) => x.command)).toEqual(['touch before', 'touch after']);
  });

  it('takes over a lock left with a pid that now belongs to another process', () => {
    const h = home();
    mkdirSync(h.runDir, { recursive: true, mode: 0o700 });
    const lock = join(h.runDir, 'daemon.lock');
    writeFileSync(lock, `${process.pid}\n`, { mode: 0o600 }); // alive, but not a daemon
    const old = new Date(Date.now() - 60_000);
    utimesSync(lock, old, old);
    const pid = startDaemon(h);
    expect(pid).not.toBe(process.pid);
    expect(runFast(h, 'touch after-takeover').stderr).toContain('daemon: accepted');
  });

  it('`daemon stop` returns once the process has ended, its code cache written (uninstall removes the state after it)', () => {
    const h = home();
    const pid = startDaemon(h);
    const stop = spawnSync(process.execPath, [CLI, 'daemon', 'stop'], {
      env: h.env,
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(stop.stdout).toBe('stopped\n');
    // The daemon releases its lock first and writes its code cache at exit: a stop that returned
    // at the lock's release let a removal of the HOME race that write (CI: ENOTEMPTY on cache/).
    expect(alive(pid)).toBe(false);
    expect(readdirSync(join(h.home, '.local/state/shimctl/cache')).filter((f) => !f.endsWith('.v8cache'))).toEqual([]);
  });

  it('stops when its run directory disappears (HOME removed, uninstall)', async () => {
    const h = home();
    const pid = startDaemon(h);
    rmSync(h.runDir, { recursive: true, force: true });
    expect(await waitFor(() => !alive(pid), 8000)).toBe(true);
  });
});

describe('resident review process with a terminal', () => {
  it('lets a command read the terminal it inherits (no SIGTTIN stop), through the fast path', () => {
    const h = home();
    startDaemon(h);
    const inner = `${h.client} ${h.node} ${h.entry} bash /bin/bash -c 'head -n 1'`;
    // `script` gives the client a real pseudo-terminal as stdin/stdout/stderr.
    const r = spawnSync('script', ['-qec', inner, '/dev/null'], {
      env: h.env,
      cwd: h.project,
      input: 'typed-line\n',
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(r.signal).toBeNull(); // not killed by the timeout: it did not hang stopped
    expect(r.stdout).toContain('daemon: accepted');
    expect(r.stdout.split('typed-line').length).toBeGreaterThanOrEqual(3); // echoed by the tty, then printed by head
    expect(auditRecords(h).map((x) => [x.command, x.exitCode])).toEqual([['head -n 1', 0]]);
  });
});
