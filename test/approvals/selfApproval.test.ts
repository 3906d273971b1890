// The model must not answer its own request. Each layer is attacked on its own:
// (a) answers are authenticated and bound to the exact request text;
// (b) `shimctl approve/deny/approvals` refuse to run inside a gated session;
// (c) the policy refuses commands that would read the key or write the pending store.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { answerSigningText, requestSigningText } from '../../src/domain/approvals/pendingRequest.js';
import type { Answer, PendingRequest } from '../../src/domain/approvals/pendingRequest.js';
import { macHex, sha256Hex } from '../../src/infrastructure/approvals/approvalMac.js';
import { CLI, SYSTEM_PATH } from '../install/cliHarness.js';
import cases from './protectedState.cases.json' with { type: 'json' };
import type { ApprovalHome, Waiting } from './approvalHarness.js';
import { approvalHome } from './approvalHarness.js';

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** True if the waiter is still waiting after `ms` (it neither ran nor was blocked). */
async function stillWaiting(w: Waiting, ms: number): Promise<boolean> {
  return Promise.race([w.done.then(() => false), pause(ms).then(() => true)]);
}

function readRequest(h: ApprovalHome, id: string): { request: PendingRequest; mac: string } {
  return JSON.parse(readFileSync(join(h.pendingDir, `${id}.request.json`), 'utf8'));
}

function writeOwnerOnly(file: string, value: unknown): void {
  writeFileSync(`${file}.tmp`, JSON.stringify(value), { mode: 0o600 });
  // rename: what an attacker with write access would do to be atomic.
  spawnSync('mv', [`${file}.tmp`, file]);
}

function answerWith(key: Buffer, a: Answer): { answer: Answer; mac: string } {
  return { answer: a, mac: macHex(key, answerSigningText(a)) };
}

const realKey = (h: ApprovalHome) => readFileSync(join(h.stateDir, 'approvals.key'));

describe('(a) answers are authenticated', () => {
  it('ignores forged answers (no key, another key, another request, altered request); the genuine key is a positive control', async () => {
    const h = approvalHome();
    const w = h.shim('mytool dangerous');
    const [p] = await h.waitForPending(1);
    const answerPath = join(h.pendingDir, `${p!.id}.answer.json`);
    const { request } = readRequest(h, p!.id);
    const digest = sha256Hex(requestSigningText(request));
    const base: Answer = {
      id: p!.id,
      decision: 'approve',
      requestDigest: digest,
      answeredAt: new Date().toISOString(),
    };

    // 1. A plausible file with a made-up MAC.
    writeOwnerOnly(answerPath, { answer: base, mac: 'ab'.repeat(32) });
    expect(await stillWaiting(w, 1200)).toBe(true);
    // 2. Signed, but with a key the agent made up.
    writeOwnerOnly(answerPath, answerWith(randomBytes(32), base));
    expect(await stillWaiting(w, 1200)).toBe(true);
    // 3. Signed with the real key but for other request text (an answer to a request the agent
    //    altered or to an older request): the digest binds the answer to what the human saw.
    writeOwnerOnly(answerPath, answerWith(realKey(h), { ...base, requestDigest: sha256Hex('something else') }));
    expect(await stillWaiting(w, 1200)).toBe(true);
    // 4. Signed with the real key, right digest, but another request's id.
    writeOwnerOnly(answerPath, answerWith(realKey(h), { ...base, id: 'ffffffff-0000-0000-0000-000000000000' }));
    expect(await stillWaiting(w, 1200)).toBe(true);
    expect(h.ran()).toEqual([]);

    // Positive control: the same file signed correctly is accepted, so the refusals above are the MAC's doing.
    writeOwnerOnly(answerPath, answerWith(realKey(h), base));
    expect((await w.done).status).toBe(0);
    expect(h.ran()).toEqual(['dangerous']);
  });

  it('refuses to answer a request file that was altered, and the waiter ignores answers to the altered text', async () => {
    const h = approvalHome({ approvals: { timeoutSeconds: 6 } });
    const w = h.shim('mytool wipe-everything');
    const [p] = await h.waitForPending(1);
    const file = join(h.pendingDir, `${p!.id}.request.json`);
    const original = readRequest(h, p!.id);
    // The agent rewrites the request so the human sees a harmless command.
    writeOwnerOnly(file, { ...original, request: { ...original.request, command: 'mytool harmless' } });
    const listed = h.answer(['approvals', '--json']);
    expect(JSON.parse(listed.stdout)).toEqual([]);
    expect(listed.stderr).toMatch(/ignored 1 request file\(s\) that failed the integrity check/);
    const a = h.answer(['approve', p!.id]);
    expect(a.status).toBe(1);
    expect(a.stderr).toMatch(/integrity check/);

    // Deeper: even re-signed with the real key (an attacker who had it), the approval answers the
    // altered text, whose digest is not the one the waiter registered.
    const forged: PendingRequest = { ...original.request, command: 'mytool harmless' };
    writeOwnerOnly(file, { request: forged, mac: macHex(realKey(h), requestSigningText(forged)) });
    expect(h.answer(['approve', p!.id]).status).toBe(0);
    const r = await w.done;
    expect(r.status).toBe(126);
    expect(r.stderr).toMatch(/approval\.timeout/);
    expect(h.ran()).toEqual([]);
  });
});

describe('(b) no answers from inside a gated session', () => {
  it.each([
    ['SHIMCTL_SESSION set', { SHIMCTL_SESSION: 'abc123' }],
    ['SHIMCTL_DEPTH set (the shims carry it)', { SHIMCTL_DEPTH: '2' }],
    ['SHIMCTL_AGENT set', { SHIMCTL_AGENT: 'claude' }],
  ])('approve, deny and the view refuse with %s', async (_name, env) => {
    const h = approvalHome();
    const w = h.shim('mytool x');
    const [p] = await h.waitForPending(1);
    for (const args of [['approve', p!.id], ['approve', p!.id, '--always'], ['deny', p!.id], ['approvals']]) {
      const r = h.answer(args, env);
      expect(r.status, args.join(' ')).toBe(1);
      expect(r.stderr).toMatch(/refused: .*gated agent session/);
    }
    expect(await stillWaiting(w, 300)).toBe(true);
    h.answer(['deny', p!.id]);
    expect((await w.done).status).toBe(126);
  });

  it('refuses when the shim directory is on PATH (agents that drop unknown variables keep PATH)', async () => {
    const h = approvalHome();
    const w = h.shim('mytool x');
    const [p] = await h.waitForPending(1);
    const shimDir = join(h.home, '.local', 'share', 'shimctl', 'shims');
    const r = h.answer(['approve', p!.id], { PATH: `${shimDir}:${SYSTEM_PATH}` });
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/shim directory is on PATH/);
    h.answer(['deny', p!.id]);
    await w.done;
  });

  it('refuses with a scrubbed environment when an ancestor process belongs to the session', async () => {
    const h = approvalHome();
    const w = h.shim('mytool x');
    const [p] = await h.waitForPending(1);
    // The "agent" (sh, with the session marker in its environment) runs `env -i … shimctl approve`.
    // `; exit $?` keeps sh alive as the parent instead of exec'ing the last command.
    const r = spawnSync(
      '/bin/sh',
      ['-c', 'env -i HOME="$H" PATH=/usr/bin:/bin "$NODE" "$CLI" approve "$ID"; exit $?'],
      {
        env: { H: h.home, NODE: process.execPath, CLI, ID: p!.id, SHIMCTL_SESSION: 'deadbeef', PATH: SYSTEM_PATH },
        encoding: 'utf8',
      },
    );
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/an ancestor process \(pid \d+\) runs inside a gated agent session \(SHIMCTL_SESSION\)/);
    expect(await stillWaiting(w, 300)).toBe(true);
    h.answer(['deny', p!.id]);
    await w.done;
  });

  it('an agent command `shimctl approve ID` run through the shim is blocked by the policy even where the user allowed `shimctl`', async () => {
    // Worst case: the user allowed `shimctl` outright. The built-in self-control check
    // (core:shimctl-self) is not a rule a user allow replaces, so the shim refuses it before
    // the CLI's own session guard (tested above) is even reached.
    const h = approvalHome({
      approvals: { timeoutSeconds: 60 },
      rules: [{ id: 'me:shimctl', command: 'shimctl', decision: 'allow' }],
    });
    symlinkSync(CLI, join(h.bin, 'shimctl'));
    const target = h.shim('mytool steal', { session: 'agent-1' });
    const [p] = await h.waitForPending(1);
    const self = await h.shim(`shimctl approve ${p!.id}`, { session: 'agent-1' }).done;
    expect(self.status).toBe(126);
    expect(self.stderr).toMatch(
      /shimctl: blocked \(command\.blocked\): shimctl approve changes the review gate itself/,
    );
    expect(await stillWaiting(target, 500)).toBe(true);
    expect(h.ran()).toEqual([]);
    h.answer(['deny', p!.id]);
    expect((await target.done).status).toBe(126);
  });
});

describe('(c) the policy protects the key and the pending store', () => {
  const h = approvalHome();
  mkdirSync(join(h.stateDir, 'approvals'), { recursive: true, mode: 0o700 });
  writeFileSync(join(h.stateDir, 'approvals.key'), randomBytes(32), { mode: 0o600 });
  chmodSync(join(h.stateDir, 'approvals.key'), 0o600);
  const fill = (t: string) =>
    t
      .replaceAll('{state}', h.stateDir)
      .replaceAll('{workspace}', h.workspace)
      .replaceAll('{config}', join(h.home, '.config', 'shimctl'));

  it.each(cases)('$why: $decision ($code)', ({ command, decision, code }) => {
    const req = JSON.stringify({ api_version: 1, command: fill(command), cwd: h.workspace, agent: 'claude' });
    const r = spawnSync(process.execPath, [CLI, 'decide', '--json'], {
      input: req,
      env: { HOME: h.home, PATH: SYSTEM_PATH },
      encoding: 'utf8',
    });
    const v = JSON.parse(r.stdout) as { decision: string; reasons: Array<{ code: string }> };
    expect(v.decision).toBe(decision);
    expect(v.reasons.map((x) => x.code)).toContain(code);
  });
});
