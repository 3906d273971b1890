// One review, one record, one question per Codex command (issue 19): the installed hook leaves a
// single-use pass, the installed BASH_ENV guard takes it. Real bash, the built CLI, real files;
// only Codex itself is played by this test (the real one: test/agents/behindShimctl.test.ts).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256Hex } from '../../src/infrastructure/approvals/approvalMac.js';
import { CLI, cli } from '../install/cliHarness.js';
import { createCommandEndStore } from '../../src/infrastructure/approvals/commandEndStore.js';
import { statePaths } from '../../src/infrastructure/paths/statePaths.js';
import { type AuditRecord, hookPath, makeHookWorld, readAudit, stopHookWorlds, type HookWorld } from './hookHarness.js';

/**
 * The audit as commands: records grouped by id, each at most one `start` and one `end`, the end
 * after its start, with an exit status, the same command and the hook's decision.
 */
function commandsOf(records: AuditRecord[]): Map<string, AuditRecord[]> {
  const byId = new Map<string, AuditRecord[]>();
  for (const r of records) byId.set(r.id, [...(byId.get(r.id) ?? []), r]);
  for (const [id, rs] of byId) {
    const phases = rs.map((r) => r.phase ?? 'none').join(',');
    expect(['none', 'start', 'start,end'], `${id}: ${phases}`).toContain(phases);
    if (rs.length === 2) {
      expect(typeof rs[1]!.exitCode, id).toBe('number');
      expect(rs[1], id).toMatchObject({ command: rs[0]!.command, decision: rs[0]!.decision, agent: rs[0]!.agent });
    }
  }
  return byId;
}
const endsOf = (records: AuditRecord[]) => records.filter((r) => r.phase === 'end').map((r) => r.exitCode);

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
  commands: number;
  ended: number[];
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
    const summary = `stderr: ${String(last?.stderr)}\naudit: ${JSON.stringify(records.map((r) => [r.decision, r.phase, r.exitCode, r.command?.slice(0, 60), r.session]))}`;
    expect(last?.status, summary).toBe(c.exit);
    expect(commandsOf(records).size, summary).toBe(c.commands);
    expect(endsOf(records), summary).toEqual(c.ended);
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
      expect(commandsOf(records).size, summary).toBe(1);
      expect(records[0], summary).toMatchObject({ decision: 'allow', command: 'git push', approval: { by: 'user' } });
      expect(records[1], summary).toMatchObject({ phase: 'end', exitCode: 128, approval: { by: 'user' } });
    },
  );
});

/** `shimctl __shim --end …` as the installed entry runs it, from this test process (no shell of Codex's). */
function endReport(args: string[]) {
  const entry = join(world.shimDir, 'shim-entry.cjs');
  return spawnSync(process.execPath, [entry, '__shim', '--end', ...args], { env: world.env, encoding: 'utf8' });
}
const endsDir = () => join(world.home, '.local/state/shimctl/ends', SESSION);

describe('Codex: the end record, and reports that must not count', () => {
  it('audit tail shows the command once, with its exit status', () => {
    expect(hook('ls tail-missing-file').status).toBe(0);
    expect(codexBash('ls tail-missing-file', SESSION, world.workspace).status).toBe(2);
    const tail = cli(['audit', 'tail', '-n', '5'], world.env);
    const lines = tail.stdout.split('\n').filter((l) => l.includes('ls tail-missing-file'));
    expect(lines, tail.stdout + tail.stderr).toHaveLength(1);
    expect(lines[0]).toContain('[exit 2]');
  });

  it('another process cannot end a running command: refused and recorded, the real end still counts', async () => {
    const before = readAudit(world).length;
    expect(hook('sleep 2').status).toBe(0);
    const bash = spawn('/bin/bash', ['-c', 'sleep 2'], {
      cwd: world.workspace,
      env: envFor(SESSION),
      stdio: 'ignore',
    });
    const exited = new Promise<number | null>((resolve) => bash.on('exit', (code) => resolve(code)));
    // The guard has taken the pass and left the expected end once the handle file is there.
    const handle = await waitFor(() =>
      existsSync(endsDir()) ? readdirSync(endsDir()).find((f) => f.startsWith(`${bash.pid}.`)) : undefined,
    );
    const stranger = endReport([SESSION, handle, '0']);
    expect(stranger.status, stranger.stderr).toBe(126);
    expect(existsSync(join(endsDir(), handle)), 'the expectation is left for the real shell').toBe(true);
    expect(await exited).toBe(0);
    const records = readAudit(world).slice(before);
    const summary = JSON.stringify(records);
    const refused = records.filter((r) => r.reasons.some((x) => x.code === 'audit.end_unmatched'));
    expect(refused, summary).toHaveLength(1);
    expect(refused[0]!.phase, summary).toBeUndefined();
    expect(refused[0]!.reasons[0]!.message, summary).toContain('did not come from the shell that was left that handle');
    const sleep = records.filter((r) => r.command === 'sleep 2');
    expect(
      sleep.map((r) => [r.phase, r.exitCode]),
      summary,
    ).toEqual([
      ['start', undefined],
      ['end', 0],
    ]);
    expect(sleep[1]!.id).toBe(sleep[0]!.id);
    expect(sleep[1]!.durationMs, summary).toBeGreaterThanOrEqual(2000);
  }, 60_000);

  // Cases as data. Each report comes from the shell its handle names (a bash that reads the handle,
  // then reports as its child), so only the expectation decides.
  const reports: Array<{
    id: string;
    plant?: 'forged' | 'real';
    status?: string;
    times: number;
    ended: number[];
    refused: number;
    left?: boolean;
  }> = [
    { id: 'no command was left this handle: refused and recorded', times: 1, ended: [], refused: 1 },
    {
      id: 'a planted expectation without the MAC: refused and recorded',
      plant: 'forged',
      times: 1,
      ended: [],
      refused: 1,
    },
    {
      id: 'a real expectation reported twice: the second is refused and recorded',
      plant: 'real',
      times: 2,
      ended: [3],
      refused: 1,
    },
    {
      id: 'a status that is not 0-255: refused and recorded, the expectation left for the real report',
      plant: 'real',
      status: '999',
      times: 1,
      ended: [],
      refused: 1,
      left: true,
    },
  ];
  it.each(reports)(
    '$id',
    async (c) => {
      // A real start record to aim at: the hook's, for a command nobody runs.
      expect(hook(`ls aimed-${reports.indexOf(c)}`).status).toBe(0);
      const start = readAudit(world).at(-1)!;
      expect(start.phase).toBe('start');
      const before = readAudit(world).length;
      const entry = join(world.shimDir, 'shim-entry.cjs');
      const owner = spawn(
        '/bin/bash',
        [
          '-c',
          `read -r h; for i in $(seq ${c.times}); do "$@" "$h" ${c.status ?? '3'}; done`,
          'bash',
          process.execPath,
          entry,
          '__shim',
          '--end',
          SESSION,
        ],
        { env: world.env, stdio: ['pipe', 'ignore', 'pipe'] },
      );
      let stderr = '';
      owner.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
      const exited = new Promise<number | null>((resolve) => owner.on('exit', (code) => resolve(code)));
      const handle = `${owner.pid}.7`;
      if (c.plant === 'real') {
        createCommandEndStore(statePaths(world.env)).expect({ session: SESSION, handle }, start.id);
      } else if (c.plant === 'forged') {
        mkdirSync(endsDir(), { recursive: true, mode: 0o700 });
        writeFileSync(join(endsDir(), handle), JSON.stringify({ v: 1, id: start.id, mac: 'f'.repeat(64) }), {
          mode: 0o600,
        });
      }
      owner.stdin.end(`${handle}\n`);
      await exited;
      const records = readAudit(world).slice(before);
      const summary = `${stderr}\n${JSON.stringify(records)}`;
      expect(endsOf(records), summary).toEqual(c.ended);
      for (const end of records.filter((r) => r.phase === 'end'))
        expect(end, summary).toMatchObject({ id: start.id, command: start.command });
      const refused = records.filter((r) => r.reasons.some((x) => x.code === 'audit.end_unmatched'));
      expect(refused, summary).toHaveLength(c.refused);
      // A refusal is its own record (new id, no phase): it ends nothing.
      for (const r of refused) expect([r.id === start.id, r.phase], summary).toEqual([false, undefined]);
      expect(existsSync(join(endsDir(), handle)), 'is the expectation left?').toBe(c.left ?? false);
    },
    60_000,
  );
});

// Attack pass 9: the text runs before the EXIT trap, in the same bash, and may leave anything
// exported (allowed as a trailing `export NAME; printf -v NAME …`). The report must run in the
// environment fixed before the text ran: load nothing, write nowhere else, and keep its status whole.
describe('Codex: the end report is not steered by what the command exported (attack pass 9)', () => {
  const traps: Array<{ id: string; run: (ws: string) => string; absent?: (ws: string) => string; quiet?: RegExp }> = [
    {
      id: 'LD_PRELOAD left exported is not loaded by the report',
      run: () => 'export LD_PRELOAD; printf -v LD_PRELOAD %s ./p9-missing.so',
      quiet: /LD_PRELOAD|p9-missing/,
    },
    {
      id: 'NODE_V8_COVERAGE left exported does not make the report write coverage files',
      run: (ws) => `export NODE_V8_COVERAGE; printf -v NODE_V8_COVERAGE %s ${ws}/p9-cov`,
      absent: (ws) => join(ws, 'p9-cov'),
    },
    {
      id: 'XDG_STATE_HOME left exported does not move the end record elsewhere',
      run: (ws) => `export XDG_STATE_HOME; printf -v XDG_STATE_HOME %s ${ws}/p9-state`,
      absent: (ws) => join(ws, 'p9-state'),
    },
    { id: 'an IFS holding a digit does not split the status', run: () => 'printf -v IFS 0' },
  ];
  it.each(traps)(
    '$id',
    (t) => {
      const text = t.run(world.workspace);
      const h = hook(text);
      expect(h.status, `the hook allows it (the attack's premise): ${h.stderr}`).toBe(0);
      const before = readAudit(world).length;
      const r = codexBash(text, SESSION, world.workspace);
      expect(r.status, r.stderr).toBe(0);
      if (t.quiet) expect(r.stderr).not.toMatch(t.quiet);
      if (t.absent) expect(existsSync(t.absent(world.workspace)), 'written where the text pointed').toBe(false);
      const records = readAudit(world).slice(before);
      const summary = `${r.stderr}\n${JSON.stringify(records)}`;
      expect(endsOf(records.filter((x) => x.command === text)), summary).toEqual([0]);
    },
    60_000,
  );
});

async function waitFor<T>(probe: () => T | undefined, ms = 20_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const v = probe();
    if (v !== undefined) return v;
    if (Date.now() > until) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 20));
  }
}
