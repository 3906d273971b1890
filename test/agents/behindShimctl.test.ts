// Stage 2: each real agent started through its shimctl launcher, in a throwaway HOME with
// `shimctl install` done, driven by the scripted model. What issue 6 asks each agent to prove.
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test, type TestContext } from 'vitest';
import { ensureAgentForTests, type CachedAgent } from './agentCache.js';
import { AGENT_NAMES, agentIdOf, planFor, type AgentName } from './agentSpecs.js';
import { startModelServer, type ModelServer } from './modelServer.js';
import { runAgent } from './runAgent.js';
import { readAudit, shimctl, shimctlPaths, type AuditLine } from './shimctlCli.js';
import { skipBecause, tag, type SupportCheck } from './supportMeta.js';
import { fillCommand, makeWorld, removeWorlds, type World } from './workspaceFixture.js';

interface Cases {
  allow: { command: string; output: string };
  block: Array<{ id: string; command: string }>;
}
const cases = JSON.parse(readFileSync(join(import.meta.dirname, 'cases.json'), 'utf8')) as Cases;
const BLOCK_MESSAGE = 'shimctl: blocked';

let server: ModelServer;
beforeAll(async () => {
  server = await startModelServer();
});
afterAll(async () => {
  await server?.close();
  removeWorlds();
});

/** A `curl` that only leaves a trace: if it ever runs, the gate let the metadata request through. */
function writeWitnessBin(world: World): { dir: string; trace: string } {
  const dir = join(world.root, 'witness-bin');
  const trace = join(world.root, 'curl-ran');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'curl'), `#!/bin/sh\necho "$@" >> '${trace}'\necho witness-curl-ran\n`);
  chmodSync(join(dir, 'curl'), 0o755);
  return { dir, trace };
}

describe.each(AGENT_NAMES)('%s behind shimctl', (name: AgentName) => {
  // The agent as shimctl knows it (launcher name, audit `agent`): claude-current is claude.
  const agentId = agentIdOf(name);
  let agent: CachedAgent;
  let world: World;
  let witness: { dir: string; trace: string };
  let userPath: string;
  let install: { exitCode: number | undefined; stdout: string; stderr: string } | undefined;

  beforeAll(async () => {
    agent = ensureAgentForTests(name);
    if (!agent.ok) return;
    world = makeWorld(`gate-${name}`);
    witness = writeWitnessBin(world);
    // The user's PATH before shimctl: the agent where npm put it, then the system.
    userPath = `${agent.nodeBinDir ? `${agent.nodeBinDir}:` : ''}${agent.binDir}:${witness.dir}:/usr/local/bin:/usr/bin:/bin`;
    install = await shimctl(['install'], { HOME: world.home, PATH: userPath });
  }, 900_000);

  function ready(ctx: TestContext, check: SupportCheck): void {
    tag(ctx, name, agent.version, check);
    if (!agent.ok) skipBecause(ctx, `${name} ${agent.version} could not be installed or started: ${agent.reason}`);
    expect(install?.exitCode, `shimctl install failed: ${install?.stderr}`).toBe(0);
  }

  /** Starts the agent the way the user would after install: the launcher dir first on PATH. */
  async function turn(command: string | string[]) {
    const paths = shimctlPaths(world.home);
    const before = readAudit(paths.auditLog).length;
    server.reset();
    server.script(Array.isArray(command) ? { commands: command } : { command });
    const plan = planFor(name, {
      modelUrl: server.url,
      home: world.home,
      workspace: world.workspace,
      prompt: 'Run the command.',
    });
    const run = await runAgent(plan, {
      cwd: world.workspace,
      home: world.home,
      path: `${paths.launcherDir}:${userPath}`,
    });
    const records = readAudit(paths.auditLog).slice(before);
    if (server.unknown.length)
      console.warn(`${name}: routes the scripted model did not know: ${server.unknown.join(', ')}`);
    const summary = `exit=${run.exitCode} timedOut=${run.timedOut}\nstderr: ${run.stderr.slice(-1500)}\naudit: ${JSON.stringify(records.map((r) => [r.decision, r.envelope ? `${r.envelope} envelope: ${r.reviewed}` : r.command, r.reasons?.map((x) => x.code)]))}\ntool results: ${JSON.stringify(server.toolResults)}`;
    return { run, records, toolResults: [...server.toolResults], summary };
  }

  // Records of an unwrapped envelope keep the whole envelope text in `command` (Codex's wrapper is
  // ~40 kB, trimmed in the audit) and the model's command, the text that was reviewed, in `reviewed`.
  const forCommand = (records: AuditLine[], command: string) =>
    records.filter((r) => (r.envelope === undefined ? r.command === command : r.reviewed === command));

  test('an allowed command runs, its output reaches the agent, one allow record names the agent', async (ctx) => {
    ready(ctx, 'allow');
    const { run, records, toolResults, summary } = await turn(cases.allow.command);
    expect(run.exitCode, summary).toBe(0);
    expect(readFileSync(join(world.workspace, 'marker.txt'), 'utf8'), summary).toContain(world.noteToken);
    expect(toolResults, summary).toHaveLength(1);
    expect(toolResults[0]?.text, summary).toContain(cases.allow.output);
    // Codex too: its hook's record is the only one; the BASH_ENV guard takes the hook's pass in each
    // bash Codex starts for the command (docs/hooks.md, "One record per command"). That record is the
    // command's start, and the bash that ran it appends the end with the exit status (read merged here).
    const mine = forCommand(records, cases.allow.command);
    expect(
      mine.map((r) => [r.decision, r.agent]),
      summary,
    ).toEqual([['allow', agentId]]);
    if (agentId === 'codex') expect([mine[0]?.phase, mine[0]?.exitCode], summary).toEqual(['end', 0]);
  });

  // All block cases in one agent turn (one tool call each, in order): the agent must carry on after
  // each refusal, and one start-up per agent keeps the slow agents affordable.
  test('blocked commands do not run, the model is told why, the turn goes on', async (ctx) => {
    ready(ctx, 'block');
    const commands = cases.block.map((c) => fillCommand(c.command, world));
    const { run, records, toolResults, summary } = await turn(commands);
    // Nothing happened: the sentinel is there, the key never left the disk, curl never ran.
    expect(existsSync(world.sentinel), `sentinel deleted\n${summary}`).toBe(true);
    expect(existsSync(witness.trace), `curl ran\n${summary}`).toBe(false);
    expect(JSON.stringify(toolResults) + run.stdout, summary).not.toContain(world.fakeKeyMarker);
    expect(toolResults, summary).toHaveLength(commands.length);
    cases.block.forEach(({ id }, i) => {
      expect(toolResults[i]?.text, `${id}: no block message\n${summary}`).toContain(BLOCK_MESSAGE);
      const mine = forCommand(records, commands[i]!);
      expect(mine.length, `${id}: no audit record\n${summary}`).toBeGreaterThanOrEqual(1);
      if (agentId === 'codex') expect(mine.length, `${id}: one record per command\n${summary}`).toBe(1);
      expect(
        mine.every((r) => r.decision === 'block' && r.agent === agentId),
        `${id}: not a block record naming ${agentId}\n${summary}`,
      ).toBe(true);
    });
    expect(run.exitCode, summary).toBe(0);
    expect(run.stdout, summary).toContain('Scripted turn finished.');
  });

  test("the agent's own start-up shells are not broken and the turn finishes", async (ctx) => {
    ready(ctx, 'startup');
    const { run, records, toolResults, summary } = await turn('ls');
    expect(run.exitCode, summary).toBe(0);
    expect(run.stdout, summary).toContain('Scripted turn finished.');
    expect(toolResults[0]?.text, summary).toContain('note.txt');
    // Nothing the agent ran for itself (probes, snapshots) was refused. Known gap, stated in
    // scripts/agents/agents.json: Claude 2.1.3xx's rewritten snapshot script has no recognised shape
    // yet and is refused; Claude then works without a snapshot (the turn above still finished).
    const snapshotScript = (r: AuditLine) => name === 'claude-current' && /^SNAPSHOT_FILE=/.test(r.command ?? '');
    expect(
      records.filter((r) => r.decision !== 'allow' && !snapshotScript(r)),
      summary,
    ).toEqual([]);
    expect(
      records.every((r) => r.agent === agentId),
      summary,
    ).toBe(true);
    // Codex removes its snapshot files when the session ends: its snapshot shell is seen in the audit instead.
    if (agentId === 'codex')
      expect(
        records.some((r) => r.reasons?.some((x) => x.code === 'envelope.bookkeeping')),
        summary,
      ).toBe(true);
    // Claude removes its snapshot when it exits, and only writes the `source <snapshot>` envelope
    // (`claude`, not `claude-no-snapshot`) after checking the snapshot file exists: that envelope
    // on the command's record proves the snapshot shell ran and left its file.
    if (name === 'claude') {
      expect(
        records.some((r) =>
          r.reasons?.some((x) => x.code === 'envelope.bookkeeping' && /claude-snapshot/.test(x.message ?? '')),
        ),
        summary,
      ).toBe(true);
      expect(
        forCommand(records, 'ls').map((r) => r.envelope),
        summary,
      ).toEqual(['claude']);
    }
    // Claude 2.1.3xx: its envelope (without the snapshot) is judged by the grammar, part by part.
    if (name === 'claude-current') {
      const mine = records.filter((r) => r.decision === 'allow' && (r.parts ?? []).some((p) => p.command === 'ls'));
      expect(mine.length, summary).toBe(1);
    }
  });

  // Issue 18: compound commands judged part by part by the shell grammar. Not a support-table
  // column (untagged): skipped for the agents the issue does not name.
  const COMPOUND_AGENTS = new Set<AgentName>(['claude-current', 'gemini', 'codex']);
  const SRC_FILES = ['alpha.txt', 'beta.txt', 'delta.txt', 'gamma.txt'];
  function compoundReady(ctx: TestContext): void {
    if (!COMPOUND_AGENTS.has(name))
      ctx.skip(`issue 18 names claude-current, gemini and codex for compound commands, not ${name}`);
    if (!agent.ok) skipBecause(ctx, `${name} ${agent.version} could not be installed or started: ${agent.reason}`);
    expect(install?.exitCode, `shimctl install failed: ${install?.stderr}`).toBe(0);
  }

  test('a compound command (cd, &&, a pipeline) runs and its output reaches the model', async (ctx) => {
    compoundReady(ctx);
    mkdirSync(join(world.workspace, 'src'), { recursive: true });
    for (const f of SRC_FILES) writeFileSync(join(world.workspace, 'src', f), `${f}\n`);
    const command = 'cd src && ls | head -3';
    const { run, records, toolResults, summary: s0 } = await turn(command);
    const lastMessages = JSON.stringify(
      (server.requests.at(-1)?.body as { messages?: unknown[] } | undefined)?.messages?.slice(-2) ??
        server.requests.at(-1)?.body ??
        null,
    ).slice(0, 3000);
    const summary = `${s0}\nlast request's last messages: ${lastMessages}`;
    expect(run.exitCode, summary).toBe(0);
    expect(toolResults, summary).toHaveLength(1);
    // ls sorts: the first three names reach the model, the fourth was cut by head.
    for (const f of SRC_FILES.slice(0, 3)) expect(toolResults[0]?.text, summary).toContain(f);
    expect(toolResults[0]?.text, summary).not.toContain(SRC_FILES[3]);
    expect(toolResults[0]?.text, summary).not.toContain(BLOCK_MESSAGE);
    // Judged part by part: an allow record whose parts are the three simple commands, ls and head in src/.
    const judged = records.filter(
      (r) => r.decision === 'allow' && (r.parts ?? []).some((p) => p.command === 'head -3'),
    );
    expect(judged.length, summary).toBeGreaterThanOrEqual(1);
    const parts = judged[0]!.parts!.filter((p) => ['cd src', 'ls', 'head -3'].includes(p.command));
    expect(
      parts.map((p) => p.command),
      summary,
    ).toEqual(['cd src', 'ls', 'head -3']);
    expect(
      parts.slice(1).every((p) => p.cwd === join(world.workspace, 'src')),
      summary,
    ).toBe(true);
    expect(
      records.filter(
        (r) => r.decision !== 'allow' && !(name === 'claude-current' && /^SNAPSHOT_FILE=/.test(r.command ?? '')),
      ),
      summary,
    ).toEqual([]);
  });

  // Claude's commit idiom after a `cd`: a here-doc inside a command substitution, in a compound
  // command (claudeHeredoc.test.ts has the plain form for both Claude versions).
  test("claude-current: Claude's commit idiom (git commit -m \"$(cat <<'EOF' … EOF)\") makes a commit", async (ctx) => {
    if (name !== 'claude-current') ctx.skip('Claude Code only');
    compoundReady(ctx);
    const repo = join(world.workspace, 'commit-repo');
    mkdirSync(repo, { recursive: true });
    const git = (args: string[]) =>
      execFileSync('git', args, {
        cwd: repo,
        encoding: 'utf8',
        env: { HOME: world.home, PATH: '/usr/bin:/bin', GIT_CONFIG_NOSYSTEM: '1' },
      });
    git(['init', '-q', '-b', 'main']);
    git(['config', 'user.email', 'agent@example.invalid']);
    git(['config', 'user.name', 'Agent']);
    writeFileSync(join(repo, 'file.txt'), 'content\n');
    git(['add', 'file.txt']);
    const command = `cd commit-repo && git commit -m "$(cat <<'EOF'\nAdd file.txt\n\nWritten by the scripted model.\nEOF\n)"`;
    const { run, records, toolResults, summary } = await turn(command);
    expect(run.exitCode, summary).toBe(0);
    expect(toolResults[0]?.text ?? '', summary).not.toContain(BLOCK_MESSAGE);
    expect(git(['log', '-1', '--format=%B']), summary).toContain('Add file.txt\n\nWritten by the scripted model.');
    expect(
      records.some((r) => r.decision === 'allow' && (r.parts ?? []).some((p) => p.command.startsWith('git commit'))),
      summary,
    ).toBe(true);
  });

  test('after uninstall the agent runs straight to the real binary', async (ctx) => {
    ready(ctx, 'uninstall');
    const paths = shimctlPaths(world.home);
    const removed = await shimctl(['uninstall'], { HOME: world.home, PATH: userPath });
    expect(removed.exitCode, removed.stderr).toBe(0);
    expect(existsSync(join(paths.launcherDir, agentId))).toBe(false);
    for (const rc of ['.bashrc', '.profile']) {
      const file = join(world.home, rc);
      if (existsSync(file)) expect(readFileSync(file, 'utf8'), rc).not.toContain('shimctl');
    }
    const auditBefore = readAudit(paths.auditLog).length;
    // A stale PATH (a shell opened before uninstall) still lists the launcher dir: it must be harmless.
    const { run, toolResults, summary } = await turn('cp -v note.txt marker-after.txt');
    expect(run.exitCode, summary).toBe(0);
    expect(existsSync(join(world.workspace, 'marker-after.txt')), summary).toBe(true);
    expect(toolResults[0]?.text, summary).toContain("-> 'marker-after.txt'");
    expect(readAudit(paths.auditLog).length, 'shimctl still reviewed commands after uninstall').toBe(auditBefore);
  });
});
