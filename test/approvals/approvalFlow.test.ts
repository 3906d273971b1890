// Pending → answer → outcome, end to end through the built CLI: a real waiting shim process, a
// real answering process, the real pending directory, the real audit log.
import { statSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { approvalHome, pendingFiles } from './approvalHarness.js';

const lastRecord = (records: Array<Record<string, unknown>>) => records[records.length - 1]!;
const codes = (r: Record<string, unknown>) => (r.reasons as Array<{ code: string }>).map((x) => x.code);

describe('approve once', () => {
  it('shows the request with its fields, runs the command once approved, and audits who decided', async () => {
    const h = approvalHome();
    const w = h.shim('mytool build --fast', { agent: 'claude' });
    const [p] = await h.waitForPending(1);
    expect(p).toMatchObject({ agent: 'claude', cwd: h.workspace, command: 'mytool build --fast', risk: 'medium' });
    expect(p!.reasons[0]!.code).toBe('command.unknown');
    expect(Number.isNaN(Date.parse(p!.createdAt))).toBe(false);
    expect(h.ran()).toEqual([]); // nothing runs while it waits

    const a = h.answer(['approve', p!.id.slice(0, 8)]);
    expect(a.stderr).toBe('');
    expect(a.status).toBe(0);
    const r = await w.done;
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('mytool ran: build --fast');
    expect(h.ran()).toEqual(['build --fast']);
    const rec = lastRecord(h.audit());
    expect(rec).toMatchObject({ decision: 'allow', approval: { by: 'user' }, exitCode: 0 });
    expect(codes(rec)).toContain('approval.granted');
    expect(pendingFiles(h)).toEqual([]);
  });

  it('keeps the pending store owner-only (dir 0700, files 0600, key 0600)', async () => {
    const h = approvalHome();
    const w = h.shim('mytool perms');
    const [p] = await h.waitForPending(1);
    expect(statSync(h.pendingDir).mode & 0o777).toBe(0o700);
    expect(statSync(h.stateDir).mode & 0o777).toBe(0o700);
    expect(statSync(`${h.pendingDir}/${p!.id}.request.json`).mode & 0o777).toBe(0o600);
    expect(statSync(`${h.stateDir}/approvals.key`).mode & 0o777).toBe(0o600);
    h.answer(['deny', p!.id]);
    await w.done;
  });
});

describe('deny', () => {
  it('blocks with 126 and tells the agent why', async () => {
    const h = approvalHome();
    const w = h.shim('mytool deploy');
    const [p] = await h.waitForPending(1);
    const a = h.answer(['deny', p!.id, '--reason', 'use make deploy instead']);
    expect(a.status).toBe(0);
    const r = await w.done;
    expect(r.status).toBe(126);
    expect(r.stderr).toMatch(/^shimctl: blocked \(approval\.denied\): denied by the user: use make deploy instead/);
    expect(h.ran()).toEqual([]);
    expect(lastRecord(h.audit())).toMatchObject({ decision: 'block', approval: { by: 'user' } });
    expect(pendingFiles(h)).toEqual([]);
  });
});

describe('no answer, nobody to ask', () => {
  it('blocks when nobody answers before the timeout, and removes the request', async () => {
    const h = approvalHome({ approvals: { timeoutSeconds: 1 } });
    const started = Date.now();
    const r = await h.shim('mytool slow').done;
    expect(r.status).toBe(126);
    expect(r.stderr).toMatch(/shimctl: blocked \(approval\.timeout\): nobody answered within 1s/);
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(lastRecord(h.audit())).toMatchObject({ decision: 'block', approval: { by: 'timeout' } });
    expect(h.ran()).toEqual([]);
    expect(pendingFiles(h)).toEqual([]);
  });

  it.each([
    ['CI=true', { approvals: { timeoutSeconds: 60 } }, { CI: 'true' }],
    ['approvals disabled in the user config', { approvals: { enabled: false, timeoutSeconds: 60 } }, {}],
  ])('%s: blocks at once, never registers a request', async (_name, config, env) => {
    const h = approvalHome(config);
    const started = Date.now();
    const r = await h.shim('mytool now', { env }).done;
    expect(r.status).toBe(126);
    expect(r.stderr).toMatch(/shimctl: blocked \(approval\.unavailable\)/);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(pendingFiles(h)).toEqual([]);
    expect(lastRecord(h.audit())).toMatchObject({ decision: 'block', approval: { by: 'unavailable' } });
  });
});

describe('several agents at once', () => {
  it('answers two waiting requests independently', async () => {
    const h = approvalHome();
    const one = h.shim('mytool one', { agent: 'claude', session: 's-claude' });
    const two = h.shim('mytool two', { agent: 'gemini', session: 's-gemini' });
    const pending = await h.waitForPending(2);
    const byCommand = new Map(pending.map((p) => [p.command, p]));
    expect(byCommand.get('mytool one')!.agent).toBe('claude');
    expect(byCommand.get('mytool two')!.agent).toBe('gemini');
    expect(h.answer(['deny', byCommand.get('mytool two')!.id]).status).toBe(0);
    expect((await two.done).status).toBe(126);
    // The other one is still waiting, untouched by the first answer.
    expect(h.pending().map((p) => p.command)).toEqual(['mytool one']);
    expect(h.answer(['approve', byCommand.get('mytool one')!.id]).status).toBe(0);
    expect((await one.done).status).toBe(0);
    expect(h.ran()).toEqual(['one']);
    expect(pendingFiles(h)).toEqual([]);
  });
});

describe('the waiting shell is stopped', () => {
  it.each(['SIGTERM', 'SIGINT', 'SIGHUP'] as const)(
    '%s: the request file is removed and the command does not run',
    async (signal) => {
      const h = approvalHome();
      const w = h.shim('mytool interrupted');
      const [p] = await h.waitForPending(1);
      w.kill(signal);
      const r = await w.done;
      expect(r.status).toBe(126);
      expect(r.stderr).toContain(`got ${signal}`);
      expect(pendingFiles(h)).toEqual([]);
      expect(h.ran()).toEqual([]);
      expect(lastRecord(h.audit())).toMatchObject({ decision: 'block', approval: { by: 'unavailable' } });
      // Answering afterwards finds nothing.
      const late = h.answer(['approve', p!.id]);
      expect(late.status).toBe(1);
      expect(late.stderr).toMatch(/no pending request/);
    },
  );
});

describe('answer command errors', () => {
  it.each([
    [['approve', 'deadbeef-0000'], 1, /no pending request with id 'deadbeef-0000'/],
    [['deny', 'dead'], 1, /no pending request/],
    [['approve', 'abc'], 1, /too short/],
    [['approve'], 2, /a request id is required/],
    [['approve', 'abcd', '--scope', 'subcommand'], 2, /--scope only applies with --always/],
    [['deny', 'abcd', '--reason'], 2, /--reason needs a value/],
    [['approvals', '--bogus'], 2, /unknown option '--bogus'/],
    [['approvals'], 2, /the interactive view needs a terminal; use --json/],
  ] as const)('%j exits %i', (args, status, message) => {
    const h = approvalHome();
    const r = h.answer([...args]);
    expect(r.status).toBe(status);
    expect(r.stderr).toMatch(message);
  });
});

describe('a waiter killed outright (SIGKILL: no chance to clean up)', () => {
  it('leaves a request that the next listing removes; it cannot be approved', async () => {
    const h = approvalHome();
    const w = h.shim('mytool orphan');
    const [p] = await h.waitForPending(1);
    w.kill('SIGKILL');
    await w.done;
    expect(pendingFiles(h)).toEqual([`${p!.id}.request.json`]);
    expect(h.answer(['approve', p!.id]).stderr).toMatch(/no waiting process/);
    expect(h.pending()).toEqual([]);
    expect(pendingFiles(h)).toEqual([]);
    expect(h.ran()).toEqual([]);
  });
});

describe('desktop notice', () => {
  // The notice itself (notify-send from a trusted system directory, the command made visible, never
  // waited for, no tokens in its environment) is covered in desktopNotice.test.ts: the trusted
  // directories cannot be written here. What the built CLI must show: the request's PATH is never used.
  it("never runs a notify-send planted on the request PATH (the agent's); the ask proceeds as before", async () => {
    const h = approvalHome();
    const { writeFileSync, chmodSync, existsSync } = await import('node:fs');
    const marker = `${h.root}/notify-ran`;
    writeFileSync(`${h.bin}/notify-send`, `#!/bin/sh\nenv > '${marker}.env'\nprintf '%s\\n' "$@" > '${marker}'\n`);
    chmodSync(`${h.bin}/notify-send`, 0o755);
    const w = h.shim("mytool 'a\u001b[2Jb' '<b>x</b>'", { env: { DISPLAY: ':99', GITHUB_TOKEN: 'ghp_secret' } });
    const [p] = await h.waitForPending(1);
    expect(p).toMatchObject({ agent: 'claude', command: "mytool 'a\u001b[2Jb' '<b>x</b>'" });
    for (let i = 0; i < 15 && !existsSync(marker); i++) await new Promise((r) => setTimeout(r, 100));
    expect(existsSync(marker)).toBe(false);
    h.answer(['approve', p!.id]);
    const r = await w.done;
    expect(r.status).toBe(0);
    expect(h.ran()).toEqual(['a\u001b[2Jb <b>x</b>']);
    expect(existsSync(marker)).toBe(false);
    expect(existsSync(`${marker}.env`)).toBe(false);
  });
});
