// Where an approve-always rule applies (docs/rules.md): by default the project (repository root)
// it was approved in, or one session, or everywhere; and a sub-command approval never covers an
// argv the review judges riskier. Real shims, real CLI, real files.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { approvalHome, pendingFiles } from './approvalHarness.js';

const rules = (file: string) =>
  (JSON.parse(readFileSync(file, 'utf8')) as { rules: Array<Record<string, unknown>> }).rules;

describe('approve --always scopes', () => {
  it('defaults to the project: the repository root and below, not the next repository', async () => {
    const h = approvalHome();
    mkdirSync(join(h.workspace, '.git'));
    const sub = join(h.workspace, 'pkg');
    const other = join(h.root, 'other-repo');
    mkdirSync(sub);
    mkdirSync(join(other, '.git'), { recursive: true });
    const w = h.shim('mytool build', { cwd: sub });
    const [p] = await h.waitForPending(1);
    const a = h.answer(['approve', p!.id, '--always']);
    expect(a.stderr).toBe('');
    expect((await w.done).status).toBe(0);
    expect(rules(h.userConfig)).toEqual([
      expect.objectContaining({ command: 'mytool', args: ['build'], cwd: `${h.workspace}/**`, decision: 'allow' }),
    ]);
    // Anywhere in the project: runs unasked.
    expect((await h.shim('mytool build').done).status).toBe(0);
    expect((await h.shim('mytool build', { cwd: sub }).done).status).toBe(0);
    expect(pendingFiles(h)).toEqual([]);
    // Another repository asks again.
    const there = h.shim('mytool build', { cwd: other });
    const [p2] = await h.waitForPending(1);
    expect(p2!.cwd).toBe(other);
    h.answer(['deny', p2!.id]);
    expect((await there.done).status).toBe(126);
  });

  it('--for session applies in that agent session only; --for user everywhere', async () => {
    const h = approvalHome();
    const other = join(h.root, 'elsewhere');
    mkdirSync(other);
    const w = h.shim('mytool test', { session: 's-one' });
    const [p] = await h.waitForPending(1);
    expect(h.answer(['approve', p!.id, '--always', '--for', 'session']).status).toBe(0);
    await w.done;
    expect(rules(h.userConfig)).toEqual([expect.objectContaining({ command: 'mytool', session: 's-one' })]);
    expect((await h.shim('mytool test', { session: 's-one', cwd: other }).done).status).toBe(0);
    const next = h.shim('mytool test', { session: 's-two' });
    const [p2] = await h.waitForPending(1);
    expect(h.answer(['approve', p2!.id, '--always', '--for', 'user']).status).toBe(0);
    expect((await next.done).status).toBe(0);
    expect((await h.shim('mytool test', { session: 's-three', cwd: other }).done).status).toBe(0);
    expect(pendingFiles(h)).toEqual([]);
  });

  it('--scope subcommand on git push does not cover --force, --delete or --mirror', async () => {
    const h = approvalHome();
    const w = h.shim('git push origin main');
    const [p] = await h.waitForPending(1);
    expect(h.answer(['approve', p!.id, '--always', '--scope', 'subcommand']).stderr).toBe('');
    await w.done; // git itself fails here (no repository); what matters is that it ran
    expect(rules(h.userConfig)).toEqual([
      expect.objectContaining({ command: 'git', subcommand: ['push'], lifts: ['git:push'], maxRisk: 'medium' }),
    ]);
    await h.shim('git push origin feature').done;
    expect(pendingFiles(h)).toEqual([]);
    expect(h.audit().at(-1)).toMatchObject({ decision: 'allow', risk: 'medium' });
    for (const riskier of [
      'git push --force origin main',
      'git push --delete origin old',
      'git push --mirror origin',
    ]) {
      const r = h.shim(riskier);
      const [q] = await h.waitForPending(1);
      expect(q!.command).toBe(riskier);
      h.answer(['deny', q!.id]);
      expect((await r.done).status).toBe(126);
    }
  });
});

// Project pinning (docs/rules.md): a project approval of a build or test tool holds for the files
// that define what runs as they were when the human approved. Real npm, real package.json.
describe('approve --always npm test is pinned to package.json', () => {
  const npmEnv = {
    NPM_CONFIG_UPDATE_NOTIFIER: 'false',
    NPM_CONFIG_FUND: 'false',
    NPM_CONFIG_AUDIT: 'false',
    NPM_CONFIG_OFFLINE: 'true',
  };
  it('unchanged it runs unasked; scripts edited it asks again (approval.pin_changed); approving again re-pins in place', async () => {
    const h = approvalHome();
    mkdirSync(join(h.workspace, '.git'));
    const pkg = join(h.workspace, 'package.json');
    writeFileSync(pkg, JSON.stringify({ name: 'p', version: '1.0.0', scripts: { test: 'echo tests-ran' } }));
    const w = h.shim('npm test', { env: npmEnv });
    const [p] = await h.waitForPending(1);
    expect(h.answer(['approve', p!.id, '--always']).stderr).toBe('');
    expect((await w.done).status).toBe(0);
    const saved = rules(h.userConfig);
    expect(saved).toEqual([
      expect.objectContaining({
        command: 'npm',
        args: ['test'],
        cwd: `${h.workspace}/**`,
        pin: { root: h.workspace, digest: expect.stringMatching(/^[0-9a-f]{64}$/) },
      }),
    ]);
    // Unchanged: allowed without asking.
    const again = await h.shim('npm test', { env: npmEnv }).done;
    expect(again.status).toBe(0);
    expect(again.stdout).toContain('tests-ran');
    expect(pendingFiles(h)).toEqual([]);
    // The scripts change: the approval does not apply, the command asks again and says why.
    writeFileSync(pkg, JSON.stringify({ name: 'p', version: '1.0.0', scripts: { test: 'echo something-else' } }));
    const changed = h.shim('npm test', { env: npmEnv });
    const [q] = await h.waitForPending(1);
    expect(q!.reasons[0]!.code).toBe('approval.pin_changed');
    expect(h.answer(['approve', q!.id, '--always']).stderr).toBe('');
    expect((await changed.done).stdout).toContain('something-else');
    // The same approval, re-pinned: still one rule, same id, a new digest.
    const now = rules(h.userConfig);
    expect(now).toHaveLength(1);
    expect(now[0]!.id).toBe(saved[0]!.id);
    expect((now[0]!.pin as { digest: string }).digest).not.toBe((saved[0]!.pin as { digest: string }).digest);
    expect((await h.shim('npm test', { env: npmEnv }).done).status).toBe(0);
    expect(pendingFiles(h)).toEqual([]);
  }, 120_000); // several real CLI and npm runs: slow on a loaded machine
});

describe('session approvals expire', () => {
  it('a session approval older than approvals.sessionTtlHours asks again, is listed as expired, and approving renews it in place', async () => {
    const h = approvalHome({ approvals: { timeoutSeconds: 60, sessionTtlHours: 1 } });
    const w = h.shim('mytool check', { session: 's-ttl' });
    const [p] = await h.waitForPending(1);
    expect(h.answer(['approve', p!.id, '--always', '--for', 'session']).status).toBe(0);
    await w.done;
    const [saved] = rules(h.userConfig);
    expect(Date.now() - Date.parse(saved!.savedAt as string)).toBeLessThan(60_000);
    expect((await h.shim('mytool check', { session: 's-ttl' }).done).status).toBe(0);
    // Two hours later (the file says so): past the 1 h TTL.
    const file = JSON.parse(readFileSync(h.userConfig, 'utf8'));
    file.rules[0].savedAt = new Date(Date.now() - 2 * 3_600_000).toISOString();
    writeFileSync(h.userConfig, JSON.stringify(file));
    const listed = JSON.parse(h.answer(['rules', '--json']).stdout) as {
      rules: Array<{ id: string; expired?: boolean }>;
    };
    expect(listed.rules).toEqual([expect.objectContaining({ id: saved!.id, expired: true })]);
    const later = h.shim('mytool check', { session: 's-ttl' });
    const [q] = await h.waitForPending(1);
    expect(h.answer(['approve', q!.id, '--always', '--for', 'session']).stderr).toBe('');
    expect((await later.done).status).toBe(0);
    const now = rules(h.userConfig);
    expect(now).toHaveLength(1);
    expect(Date.now() - Date.parse(now[0]!.savedAt as string)).toBeLessThan(60_000);
    expect(pendingFiles(h)).toEqual([]);
  }, 120_000); // several real CLI and npm runs: slow on a loaded machine
});
