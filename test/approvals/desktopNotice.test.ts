// The desktop notice of a waiting request (notify-send): it is looked up only in trusted system
// directories (never on the request's PATH, which is the agent's), gets only what it needs to reach
// the desktop session (no tokens), and never delays the request. The trusted directories cannot be
// written in a test, so these drive the approver in-process with its test-only `notifyDirs`.
import { randomUUID } from 'node:crypto';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { ApprovalOutcome } from '../../src/application/ports/approver.js';
import { loadApprovalKey } from '../../src/infrastructure/approvals/approvalKey.js';
import { createApprover } from '../../src/infrastructure/approvals/createApprover.js';
import { notifyEnv, TRUSTED_NOTIFY_DIRS } from '../../src/infrastructure/approvals/notifyDesktop.js';
import { readRequestFile, requestDigest, writeAnswerFile } from '../../src/infrastructure/approvals/pendingFiles.js';
import { TRUSTED_OPA_DIRS } from '../../src/infrastructure/rego/locateOpa.js';
import { statePaths } from '../../src/infrastructure/paths/statePaths.js';

const SYSTEM_PATH = '/usr/local/bin:/usr/bin:/bin';
const roots: string[] = [];
afterAll(() => {
  for (const r of roots.splice(0)) rmSync(r, { recursive: true, force: true });
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function waitForFile(file: string, ms = 5_000): Promise<boolean> {
  for (const until = Date.now() + ms; Date.now() < until; await sleep(50)) if (existsSync(file)) return true;
  return existsSync(file);
}

function setup() {
  const root = mkdtempSync(join(tmpdir(), 'shimctl-notice-'));
  roots.push(root);
  const home = join(root, 'home');
  const trusted = join(root, 'trusted'); // stands in for /usr/bin and the like
  const planted = join(root, 'agent-bin'); // a directory the agent put first on its PATH
  for (const d of [home, trusted, planted]) mkdirSync(d, { recursive: true });
  const paths = statePaths({ HOME: home });
  const script = (dir: string, body: string) => {
    writeFileSync(join(dir, 'notify-send'), `#!/bin/sh\n${body}\n`);
    chmodSync(join(dir, 'notify-send'), 0o755);
  };
  /** Answers the one pending request like `shimctl approve` would (signed, bound to its digest). */
  const approveWhenPending = async (): Promise<void> => {
    for (const until = Date.now() + 10_000; Date.now() < until; await sleep(50)) {
      const file = existsSync(paths.approvalsDir)
        ? readdirSync(paths.approvalsDir).find((f) => f.endsWith('.request.json'))
        : undefined;
      if (!file) continue;
      const key = loadApprovalKey(paths, false);
      const r = readRequestFile(join(paths.approvalsDir, file), key);
      if (!r?.authentic) continue;
      writeAnswerFile(paths.approvalsDir, key, {
        id: r.request.id,
        decision: 'approve',
        requestDigest: requestDigest(r.request),
        answeredAt: new Date().toISOString(),
      });
      return;
    }
    throw new Error('no pending request appeared');
  };
  const ask = (
    env: Record<string, string>,
    notifyDirs?: string[],
    command = 'mytool build',
  ): Promise<ApprovalOutcome> =>
    createApprover(paths, { HOME: home, ...env }, notifyDirs ? { notifyDirs } : {}).request(
      {
        id: randomUUID(),
        agent: 'claude',
        session: 's1',
        cwd: root,
        command,
        verdict: {
          decision: 'ask',
          risk: 'medium',
          reasons: [{ code: 'command.unknown', message: 'unknown' }],
          rule_ids: [],
        },
        createdAt: new Date().toISOString(),
      },
      20_000,
    );
  return { root, trusted, planted, script, ask, approveWhenPending };
}

describe('desktop notice', () => {
  it('looks notify-send up in the same trusted system directories as opa', () => {
    expect(TRUSTED_NOTIFY_DIRS).toEqual(TRUSTED_OPA_DIRS);
  });

  it('calls notify-send (when in a trusted dir and a display is set) with the command made visible, and never waits for it', async () => {
    const s = setup();
    const log = join(s.root, 'notify.log');
    s.script(s.trusted, `printf '%s\\n' "$@" > '${log}'\nsleep 5`);
    const started = Date.now();
    const outcome = s.ask({ PATH: SYSTEM_PATH, DISPLAY: ':99' }, [s.trusted], "mytool 'a\u001b[2Jb' '<b>x</b>'");
    expect(await waitForFile(log)).toBe(true);
    const args = readFileSync(log, 'utf8');
    expect(args).toContain('shimctl: approval needed');
    expect(args).toContain("claude asks to run: mytool 'a\\e[2Jb' '&lt;b&gt;x&lt;/b&gt;'");
    expect(args).not.toContain('\u001b');
    await s.approveWhenPending();
    expect(await outcome).toEqual({ granted: true, by: 'user' });
    expect(Date.now() - started).toBeLessThan(4_500); // notify-send still sleeps
  });

  it('never runs a notify-send planted on the request PATH; the request is asked and answered as before', async () => {
    const s = setup();
    const marker = join(s.root, 'PWNED');
    s.script(s.planted, `env > '${marker}.env'\ntouch '${marker}'`);
    const env = {
      PATH: `${s.planted}:${SYSTEM_PATH}`,
      DISPLAY: ':99',
      WAYLAND_DISPLAY: 'wayland-0',
      GITHUB_TOKEN: 'ghp_secret',
    };
    // With the test's (empty) trusted directory and with the real system ones alike.
    for (const dirs of [[s.trusted], undefined]) {
      const outcome = s.ask(env, dirs);
      await s.approveWhenPending();
      expect(await outcome).toEqual({ granted: true, by: 'user' });
    }
    expect(await waitForFile(marker, 1_500)).toBe(false);
    expect(existsSync(`${marker}.env`)).toBe(false);
  });

  it('control: the same planted script does run once it is in a trusted dir (so the test above can fail)', async () => {
    const s = setup();
    const marker = join(s.root, 'ran');
    s.script(s.trusted, `touch '${marker}'`);
    const outcome = s.ask({ PATH: SYSTEM_PATH, DISPLAY: ':99' }, [s.trusted]);
    expect(await waitForFile(marker)).toBe(true);
    await s.approveWhenPending();
    expect((await outcome).granted).toBe(true);
  });

  it('hands notify-send only the display/session variables and a fixed PATH: no tokens, no HOME, no loader variables', async () => {
    const s = setup();
    const dump = join(s.root, 'notify.env');
    s.script(s.trusted, `env > '${dump}.tmp' && mv '${dump}.tmp' '${dump}'`);
    const outcome = s.ask(
      {
        PATH: `${s.planted}:${SYSTEM_PATH}`,
        DISPLAY: ':99',
        WAYLAND_DISPLAY: 'wayland-0',
        DBUS_SESSION_BUS_ADDRESS: 'unix:path=/run/user/1000/bus',
        XDG_RUNTIME_DIR: '/run/user/1000',
        GITHUB_TOKEN: 'ghp_secret',
        ANTHROPIC_API_KEY: 'sk-ant-secret',
        AWS_SECRET_ACCESS_KEY: 'aws-secret',
        NPM_TOKEN: 'npm-secret',
        LD_PRELOAD: '/nonexistent/evil.so',
        BASH_ENV: '/nonexistent/evil.sh',
        SHIMCTL_AGENT: 'claude',
      },
      [s.trusted],
    );
    expect(await waitForFile(dump)).toBe(true);
    await s.approveWhenPending();
    expect((await outcome).granted).toBe(true);
    const text = readFileSync(dump, 'utf8');
    expect(text).not.toContain('secret');
    const got = Object.fromEntries(
      text
        .split('\n')
        .filter(Boolean)
        .map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]),
    );
    expect(got.GITHUB_TOKEN).toBeUndefined();
    expect(got).toMatchObject({
      PATH: SYSTEM_PATH,
      DISPLAY: ':99',
      WAYLAND_DISPLAY: 'wayland-0',
      DBUS_SESSION_BUS_ADDRESS: 'unix:path=/run/user/1000/bus',
      XDG_RUNTIME_DIR: '/run/user/1000',
    });
    // Only what the shell running the script adds itself besides what we passed.
    const shellOwn = new Set(['PWD', 'OLDPWD', 'SHLVL', '_']);
    expect(
      Object.keys(got)
        .filter((k) => !shellOwn.has(k))
        .sort(),
    ).toEqual(['DBUS_SESSION_BUS_ADDRESS', 'DISPLAY', 'PATH', 'WAYLAND_DISPLAY', 'XDG_RUNTIME_DIR']);
  });

  it('drops a session bus address that is not a plain unix socket (D-Bus transports that run a program)', () => {
    for (const bus of [
      'unixexec:path=/tmp/evil',
      'autolaunch:',
      'unix:path=/run/user/1/bus;unixexec:path=/tmp/evil',
      'tcp:host=evil,port=1',
    ]) {
      expect(notifyEnv({ DISPLAY: ':0', DBUS_SESSION_BUS_ADDRESS: bus }).DBUS_SESSION_BUS_ADDRESS).toBeUndefined();
    }
    expect(notifyEnv({ DISPLAY: ':0', DBUS_SESSION_BUS_ADDRESS: 'unix:path=/run/user/1/bus,guid=abc' })).toEqual({
      PATH: SYSTEM_PATH,
      DISPLAY: ':0',
      DBUS_SESSION_BUS_ADDRESS: 'unix:path=/run/user/1/bus,guid=abc',
    });
  });

  it('runs nothing without a display, or with SHIMCTL_NOTIFY=0', async () => {
    const s = setup();
    const marker = join(s.root, 'ran');
    s.script(s.trusted, `touch '${marker}'`);
    for (const env of [{ PATH: SYSTEM_PATH }, { PATH: SYSTEM_PATH, DISPLAY: ':99', SHIMCTL_NOTIFY: '0' }] as Array<
      Record<string, string>
    >) {
      const outcome = s.ask(env, [s.trusted]);
      await s.approveWhenPending();
      expect((await outcome).granted).toBe(true);
    }
    expect(await waitForFile(marker, 1_000)).toBe(false);
  });
});
