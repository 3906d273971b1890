// One review, one record, one question per Codex command (issue 19): the installed hook leaves a
// single-use pass, the installed BASH_ENV guard takes it. Real bash, the built CLI, real files;
// only Codex itself is played by this test (the real one: test/agents/behindShimctl.test.ts).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256Hex } from '../../src/infrastructure/approvals/approvalMac.js';
import { CLI } from '../install/cliHarness.js';
import { hookPath, makeHookWorld, readAudit, stopHookWorlds, type HookWorld } from './hookHarness.js';

interface Case {
  id: string;
  hook?: string;
  forge?: string;
  run: string;
  wrapped?: boolean;
  runs?: number;
  session?: string;
  cwd?: string;
  exit: number;
  records: number;
  made?: string;
}
const { cases } = JSON.parse(readFileSync(join(import.meta.dirname, 'codexPass.cases.json'), 'utf8')) as {
  cases: Case[];
};
const SESSION = 'pass-session';

afterAll(stopHookWorlds);
let world: HookWorld;
beforeAll(() => {
  world = makeHookWorld('pass');
  mkdirSync(join(world.workspace, 'sub'), { recursive: true });
}, 120_000);

const envFor = (session: string) => ({
  ...world.env,
  SHELL: '/bin/bash',
  BASH_ENV: join(world.shimDir, 'bash_env_guard.bash'),
  SHIMCTL_AGENT: 'codex',
  SHIMCTL_SESSION: session,
});

/** As Codex runs its hook: `$SHELL -lc '<hook>'`, the PreToolUse JSON on stdin. */
function hook(command: string, extra: Record<string, string> = {}) {
  const input = JSON.stringify({
    session_id: 'codex-own-id',
    turn_id: 't-1',
    transcript_path: null,
    cwd: world.workspace,
    hook_event_name: 'PreToolUse',
    model: 'fake',
    permission_mode: 'bypassPermissions',
    tool_name: 'Bash',
    tool_input: { command },
    tool_use_id: 'call-1',
  });
  return spawnSync('/bin/bash', ['-lc', `'${hookPath(world, 'codex')}'`], {
    cwd: world.workspace,
    env: { ...envFor(SESSION), ...extra },
    input,
    encoding: 'utf8',
    timeout: 60_000,
  });
}

/** Codex's bash for one command: no stdin (see below), the guard on BASH_ENV. */
function codexBash(text: string, session: string, cwd: string, extra: Record<string, string> = {}) {
  // stdin not a socket (Node's default pipe is one): a top-level bash with a socket on stdin takes
  // itself for rshd's and reads ~/.bashrc instead of BASH_ENV. Codex gives its shell no stdin.
  return spawnSync('/bin/bash', ['-c', text], {
    cwd,
    env: { ...envFor(session), ...extra },
    stdio: ['ignore', 'pipe', 'pipe'],
    encoding: 'utf8',
    timeout: 60_000,
  });
}

/** Codex's snapshot wrapper as captured from codex 0.171.0, around `command`, with a real (empty) snapshot. */
function wrapper(command: string): string {
  const captured = readFileSync(join(import.meta.dirname, '../domain/shell/agents/codex.jsonl'), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => (JSON.parse(l) as { exec_string: string }).exec_string)
    .find((s) => s.startsWith('__CODEX_SNAPSHOT_OVERRIDE_SET_0='))!;
  const snapshots = join(world.home, '.codex', 'shell_snapshots');
  mkdirSync(snapshots, { recursive: true });
  writeFileSync(join(snapshots, '01a226eb-1808-7bd2-8b19-a9f8de704a70.1795949271057006397.sh'), '# Snapshot file\n');
  const text = captured.replaceAll('$HOME', world.home).replaceAll('$AGENT_INSTALL', join(world.root, 'agents'));
  expect(text.endsWith("exec '/bin/bash' -c 'touch marker.txt'")).toBe(true);
  return `${text.slice(0, -"'touch marker.txt'".length)}'${command.replaceAll("'", "'\\''")}'`;
}

describe('Codex: the hook and the BASH_ENV guard, one record per command', () => {
  it.each(cases)('$id', (c) => {
    const before = readAudit(world).length;
    if (c.hook !== undefined) {
      const h = hook(c.hook);
      expect([0, 2], h.stderr).toContain(h.status);
    }
    if (c.forge !== undefined) {
      // What a command would have to do to pass the guard: plant a pass (it has no key to sign it).
      const dir = join(world.home, '.local/state/shimctl/passes', SESSION);
      mkdirSync(dir, { recursive: true, mode: 0o700 });
      const name = sha256Hex(`shimctl-pass\0${SESSION}\0${world.workspace}\0${c.forge}`);
      writeFileSync(join(dir, name), JSON.stringify({ v: 1, expires: Date.now() + 60_000, mac: 'f'.repeat(64) }), {
        mode: 0o600,
      });
    }
    let last: ReturnType<typeof spawnSync> | undefined;
    for (let i = 0; i < (c.runs ?? 1); i++) {
      last = codexBash(
        c.wrapped ? wrapper(c.run) : c.run,
        c.session ?? SESSION,
        c.cwd ? join(world.workspace, c.cwd) : world.workspace,
      );
    }
    const records = readAudit(world).slice(before);
    const summary = `stderr: ${String(last?.stderr)}\naudit: ${JSON.stringify(records.map((r) => [r.decision, r.command?.slice(0, 60), r.session]))}`;
    expect(last?.status, summary).toBe(c.exit);
    expect(records, summary).toHaveLength(c.records);
    expect(
      records.every((r) => r.agent === 'codex'),
      summary,
    ).toBe(true);
    if (c.made) expect(existsSync(join(world.workspace, c.made)), summary).toBe(true);
  });

  // The guard runs in CI: had it asked again, nobody could answer and the push would be blocked (126).
  it.each([false, true])(
    'an ask is asked once: the hook asks, a human approves, the guard runs it (wrapped: %s)',
    async (wrapped) => {
      const before = readAudit(world).length;
      const answerer = spawn(
        process.execPath,
        [join(import.meta.dirname, '..', 'approvals', 'answerer.mjs'), CLI, world.home, 'approve', '20000'],
        { stdio: 'ignore' },
      );
      const answered = new Promise<number | null>((resolve) => answerer.on('exit', (code) => resolve(code)));
      const h = hook('git push', { CI: '' });
      expect(await answered).toBe(0);
      expect(h.status, h.stderr).toBe(0);
      const r = codexBash(wrapped ? wrapper('git push') : 'git push', SESSION, world.workspace, { CI: '1' });
      const records = readAudit(world).slice(before);
      const summary = `stderr: ${r.stderr}\naudit: ${JSON.stringify(records.map((x) => [x.decision, x.command?.slice(0, 60), x.reasons.map((y) => y.code)]))}`;
      // git ran (no repository here: git's own 128), it was not stopped by shimctl.
      expect(r.status, summary).toBe(128);
      expect(records, summary).toHaveLength(1);
      expect(records[0], summary).toMatchObject({ decision: 'allow', command: 'git push', approval: { by: 'user' } });
    },
  );
});
