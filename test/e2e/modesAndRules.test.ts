// Modes, the managed layer and `shimctl mode` / `shimctl rules`, end to end: the built CLI and
// real shims running real commands (touch, make) in temporary directories.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { approvalHome } from '../approvals/approvalHarness.js';

const MAKEFILE = 'test:\n\t@echo ran > made.txt\n';

describe('modes through the shim', () => {
  it('plan: the agent cannot write; reads run', async () => {
    const h = approvalHome();
    const env = { SHIMCTL_MODE: 'plan', SHIMCTL_WORKSPACE: h.workspace };
    writeFileSync(join(h.workspace, 'notes.txt'), 'hello\n');
    const read = await h.shim('cat notes.txt', { env }).done;
    expect(read.status).toBe(0);
    expect(read.stdout).toBe('hello\n');
    for (const write of ['touch new.txt', 'echo x > new.txt', 'mkdir new.txt', 'cp notes.txt new.txt']) {
      const r = await h.shim(write, { env }).done;
      expect(r.status, write).toBe(126);
      expect(r.stderr, write).toContain('plan mode');
    }
    expect(existsSync(join(h.workspace, 'new.txt'))).toBe(false);
    expect(h.audit().at(-1)).toMatchObject({
      decision: 'block',
      mode: 'plan',
      reasons: expect.arrayContaining([expect.objectContaining({ code: 'mode.plan' })]),
    });
  });

  it('acceptEdits: make test runs in the launch workspace without asking; in another repository it asks', async () => {
    const h = approvalHome();
    const other = join(h.root, 'other-repo');
    mkdirSync(join(other, '.git'), { recursive: true });
    writeFileSync(join(h.workspace, 'Makefile'), MAKEFILE);
    writeFileSync(join(other, 'Makefile'), MAKEFILE);
    // CI=true: an ask blocks at once (nobody can answer), so "asks" shows as 126 without waiting.
    const env = { SHIMCTL_MODE: 'acceptEdits', SHIMCTL_WORKSPACE: h.workspace, CI: 'true' };
    const here = await h.shim('make test', { env }).done;
    expect(here.status, here.stderr).toBe(0);
    expect(readFileSync(join(h.workspace, 'made.txt'), 'utf8')).toBe('ran\n');
    expect(h.audit().at(-1)).toMatchObject({ decision: 'allow', mode: 'acceptEdits', risk: 'medium' });
    const there = await h.shim('make test', { env, cwd: other }).done;
    expect(there.status).toBe(126);
    expect(existsSync(join(other, 'made.txt'))).toBe(false);
    // The same command in default mode asks in the workspace too.
    expect((await h.shim('make test', { env: { ...env, SHIMCTL_MODE: 'default' } }).done).status).toBe(126);
  });

  it('acceptEdits: npm test (real npm) runs in the launch workspace without asking; in another repository it asks', async () => {
    const h = approvalHome();
    const other = join(h.root, 'other-repo');
    mkdirSync(join(other, '.git'), { recursive: true });
    mkdirSync(join(h.workspace, '.git'));
    const pkg = JSON.stringify({ name: 'p', version: '1.0.0', scripts: { test: 'echo ran > tested.txt' } });
    writeFileSync(join(h.workspace, 'package.json'), pkg);
    writeFileSync(join(other, 'package.json'), pkg);
    const env = {
      SHIMCTL_MODE: 'acceptEdits',
      SHIMCTL_WORKSPACE: h.workspace,
      CI: 'true',
      NPM_CONFIG_UPDATE_NOTIFIER: 'false',
      NPM_CONFIG_OFFLINE: 'true',
    };
    const here = await h.shim('npm test', { env }).done;
    expect(here.status, here.stderr).toBe(0);
    expect(readFileSync(join(h.workspace, 'tested.txt'), 'utf8')).toBe('ran\n');
    expect(h.audit().at(-1)).toMatchObject({ decision: 'allow', mode: 'acceptEdits' });
    const there = await h.shim('npm test', { env, cwd: other }).done;
    expect(there.status).toBe(126);
    expect(existsSync(join(other, 'tested.txt'))).toBe(false);
  });

  it('an unknown SHIMCTL_MODE fails closed', async () => {
    const h = approvalHome();
    const r = await h.shim('true', { env: { SHIMCTL_MODE: 'turbo' } }).done;
    expect(r.status).toBe(126);
    expect(r.stderr).toContain("SHIMCTL_MODE='turbo' is not a mode");
  });

  it('a managed block beats a user allow, and caps a yolo launch', async () => {
    const h = approvalHome({
      approvals: { timeoutSeconds: 60 },
      rules: [{ id: 'me:mytool', command: 'mytool', decision: 'allow' }],
    });
    const managed = join(h.root, 'etc-shimctl', 'managed.json');
    mkdirSync(join(h.root, 'etc-shimctl'));
    expect((await h.shim('mytool build').done).status).toBe(0);
    writeFileSync(
      managed,
      JSON.stringify({
        rules: [{ id: 'team:no-mytool', command: 'mytool', decision: 'block', reason: 'the team does not run mytool' }],
        mode: 'default',
      }),
    );
    const env = { SHIMCTL_MANAGED_CONFIG: managed, CI: 'true' };
    const r = await h.shim('mytool build', { env }).done;
    expect(r.status).toBe(126);
    expect(r.stderr).toContain('the team does not run mytool');
    // yolo is capped at default by the managed file: git push still asks (here: blocks, CI).
    expect((await h.shim('git push', { env: { ...env, SHIMCTL_MODE: 'yolo' } }).done).status).toBe(126);
    expect(h.audit().at(-1)).toMatchObject({ mode: 'default' });
  });
});

describe('shimctl mode and shimctl rules (built CLI)', () => {
  it('mode shows and sets the user default; refused inside an agent session; bad names exit 2', () => {
    const h = approvalHome();
    expect(h.answer(['mode']).stdout).toContain('default mode (your config): default');
    const set = h.answer(['mode', 'plan']);
    expect(set.status, set.stderr).toBe(0);
    expect(JSON.parse(readFileSync(h.userConfig, 'utf8')).mode).toBe('plan');
    expect(JSON.parse(h.answer(['mode', '--json']).stdout)).toMatchObject({ user: 'plan', effective: 'plan' });
    expect(h.answer(['mode', 'yolo'], { SHIMCTL_SESSION: 'abc' })).toMatchObject({ status: 1 });
    expect(JSON.parse(readFileSync(h.userConfig, 'utf8')).mode).toBe('plan');
    expect(h.answer(['mode', 'turbo']).status).toBe(2);
  });

  it('rules lists every rule with scope, file and id; revoke removes a saved one', () => {
    const h = approvalHome({
      approvals: { timeoutSeconds: 60 },
      rules: [
        { id: 'me:status', command: 'git', subcommand: ['status'], decision: 'allow' },
        { id: 'approved:mytool-1', command: 'mytool', args: ['build'], cwd: '/work/app/**', decision: 'allow' },
      ],
    });
    const managed = join(h.root, 'managed.json');
    writeFileSync(
      managed,
      JSON.stringify({ rules: [{ id: 'team:no-push', command: 'git', subcommand: ['push'], decision: 'block' }] }),
    );
    const env = { SHIMCTL_MANAGED_CONFIG: managed };
    const listed = JSON.parse(h.answer(['rules', 'list', '--json'], env).stdout) as {
      rules: Array<{ id: string; scope: string; file: string; decision: string }>;
    };
    expect(listed.rules.map((r) => [r.id, r.scope, r.file, r.decision])).toEqual([
      ['me:status', 'user', h.userConfig, 'allow'],
      ['approved:mytool-1', 'project', h.userConfig, 'allow'],
      ['team:no-push', 'managed', managed, 'block'],
    ]);
    expect(h.answer(['rules'], env).stdout).toContain(
      'approved:mytool-1  project  allow  mytool build, in /work/app/**',
    );
    expect(h.answer(['rules', 'revoke', 'approved:mytool-1'], { SHIMCTL_AGENT: 'claude' }).status).toBe(1);
    const revoked = h.answer(['rules', 'revoke', 'approved:mytool-1'], env);
    expect(revoked.status, revoked.stderr).toBe(0);
    expect(JSON.parse(readFileSync(h.userConfig, 'utf8')).rules.map((r: { id: string }) => r.id)).toEqual([
      'me:status',
    ]);
    const managedRevoke = h.answer(['rules', 'revoke', 'team:no-push'], env);
    expect(managedRevoke.status).toBe(1);
    expect(managedRevoke.stderr).toContain('managed and project rules are revoked in their own files');
  });
});
