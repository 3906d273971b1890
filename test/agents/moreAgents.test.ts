// Issue 19: the agents added after the first five (Kilo, Copilot, Continue, Cline, Crush, Auggie,
// Droid), each started through its shimctl launcher in a throwaway HOME, driven by the scripted
// model. Two agent turns per agent keep CI short: one turn runs the allowed command and then the
// protected read (the allow, block and start-up columns read that one turn), one runs after uninstall.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test, type TestContext } from 'vitest';
import { AGENTS } from '../../scripts/agents/install.mjs';
import { ensureAgentForTests, type CachedAgent } from './agentCache.js';
import { planFor } from './agentSpecs.js';
import { startModelServer, type ModelServer } from './modelServer.js';
import { MORE_AGENT_NAMES, NOT_DRIVABLE, type MoreAgentName } from './moreAgentSpecs.js';
import { runAgent, type AgentRun } from './runAgent.js';
import { readAudit, shimctl, shimctlPaths, type AuditLine } from './shimctlCli.js';
import { errorMessage } from '../../src/application/shimctlError.js';
import { skipBecause, tag, type SupportCheck } from './supportMeta.js';
import { makeWorld, removeWorlds, type World } from './workspaceFixture.js';

interface Cases {
  allow: { command: string; output: string };
}
const cases = JSON.parse(readFileSync(join(import.meta.dirname, 'cases.json'), 'utf8')) as Cases;
const BLOCK_MESSAGE = 'shimctl: blocked';
const PROTECTED_READ = 'cat ~/.ssh/id_rsa';
const ONLY = process.env.SHIMCTL_MORE_AGENTS?.split(',').filter(Boolean);
const NAMES = ONLY ? MORE_AGENT_NAMES.filter((n) => ONLY.includes(n)) : MORE_AGENT_NAMES;

let server: ModelServer;
beforeAll(async () => {
  server = await startModelServer();
});
afterAll(async () => {
  await server?.close();
  removeWorlds();
});

// Kilo 7.7.7 finishes its turn (the final text is printed) but its process often stays alive
// afterwards on a loaded box; it is then killed at the timeout. Stated in agents.json's gaps.
const LINGERS_AFTER_TURN = new Set<MoreAgentName>(['kilo']);

/**
 * Checks a real agent fails today, for a reason the support table states (agents.json gaps): the
 * check still runs, and is reported as skipped with that reason while it fails; once it passes, the
 * test fails so the entry and the support row are updated. The block test's no-leak assertion runs
 * before this, so a known-broken agent still proves no protected content reached its model.
 */
const KNOWN_BROKEN: Partial<Record<MoreAgentName, Partial<Record<SupportCheck, string>>>> = {};

async function unlessKnownBroken(
  ctx: TestContext,
  name: MoreAgentName,
  check: SupportCheck,
  body: () => void | Promise<void>,
): Promise<void> {
  const why = KNOWN_BROKEN[name]?.[check];
  if (!why) return body();
  try {
    await body();
  } catch (err) {
    skipBecause(ctx, `known broken: ${why} (this run: ${errorMessage(err).split('\n')[0]})`);
  }
  throw new Error(`${name} now passes '${check}': remove it from KNOWN_BROKEN and update its support row`);
}

interface Turn {
  run: AgentRun;
  records: AuditLine[];
  toolResults: Array<{ text: string }>;
  summary: string;
}

describe.each(NAMES)('%s behind shimctl', (name: MoreAgentName) => {
  let agent: CachedAgent;
  let world: World;
  let userPath: string;
  let install: { exitCode: number | undefined; stdout: string; stderr: string } | undefined;
  let gated: Promise<Turn> | undefined;

  const notDrivable = NOT_DRIVABLE[name];

  beforeAll(async () => {
    if (notDrivable) return;
    agent = ensureAgentForTests(name);
    if (!agent.ok) return;
    world = makeWorld(`more-${name}`);
    userPath = `${agent.nodeBinDir ? `${agent.nodeBinDir}:` : ''}${agent.binDir}:/usr/local/bin:/usr/bin:/bin`;
    install = await shimctl(['install'], { HOME: world.home, PATH: userPath });
  }, 900_000);

  function ready(ctx: TestContext, check: SupportCheck): void {
    if (notDrivable) {
      tag(ctx, name, AGENTS[name]?.version ?? '?', check);
      skipBecause(ctx, `cannot be driven offline: ${notDrivable}`);
    }
    tag(ctx, name, agent.version, check);
    if (!agent.ok) skipBecause(ctx, `${name} ${agent.version} could not be installed or started: ${agent.reason}`);
    expect(install?.exitCode, `shimctl install failed: ${install?.stderr}`).toBe(0);
  }

  async function turn(commands: string[]): Promise<Turn> {
    const paths = shimctlPaths(world.home);
    const before = readAudit(paths.auditLog).length;
    server.reset();
    server.script({ commands });
    const plan = planFor(name, {
      modelUrl: server.url,
      home: world.home,
      workspace: world.workspace,
      prompt: 'Run the command.',
      agentDir: agent.dir,
    });
    const run = await runAgent(plan, {
      cwd: world.workspace,
      home: world.home,
      path: `${paths.launcherDir}:${userPath}`,
      timeoutMs: 170_000,
    });
    const records = readAudit(paths.auditLog).slice(before);
    if (server.unknown.length)
      console.warn(`${name}: routes the scripted model did not know: ${server.unknown.join(', ')}`);
    const summary = `exit=${run.exitCode} timedOut=${run.timedOut} ${run.ms} ms\nstderr: ${run.stderr.slice(-1500)}\nstdout: ${run.stdout.slice(-600)}\naudit: ${JSON.stringify(records.map((r) => [r.decision, r.agent, r.envelope ? `${r.envelope} envelope: ${r.reviewed}` : r.command, r.reasons?.map((x) => x.code)]))}\ntool results: ${JSON.stringify(server.toolResults)}`;
    return { run, records, toolResults: [...server.toolResults], summary };
  }

  /** The turn ended: exit 0, or (an agent known to linger) killed at the timeout after its final text. */
  function expectFinished({ run, summary }: Turn): void {
    const lingered = LINGERS_AFTER_TURN.has(name) && run.timedOut && run.stdout.includes('Scripted turn finished.');
    if (!lingered) expect(run.exitCode, summary).toBe(0);
  }

  // The allowed command, then the protected read, in one turn (started once, read by three tests).
  const gatedTurn = () => (gated ??= turn([cases.allow.command, PROTECTED_READ]));
  const forCommand = (records: AuditLine[], command: string) =>
    records.filter((r) => (r.envelope === undefined ? r.command === command : r.reviewed === command));

  test('an allowed command runs, its output reaches the model, its one allow record names the agent', async (ctx) => {
    ready(ctx, 'allow');
    const done = await gatedTurn();
    await unlessKnownBroken(ctx, name, 'allow', () => {
      const { records, toolResults, summary } = done;
      expectFinished(done);
      expect(readFileSync(join(world.workspace, 'marker.txt'), 'utf8'), summary).toContain(world.noteToken);
      expect(toolResults[0]?.text, summary).toContain(cases.allow.output);
      expect(
        forCommand(records, cases.allow.command).map((r) => [r.decision, r.agent]),
        summary,
      ).toEqual([['allow', name]]);
    });
  }, 400_000);

  test('a protected read never reaches the model; the model is told it was blocked; the record names the agent', async (ctx) => {
    ready(ctx, 'block');
    const { run, records, toolResults, summary } = await gatedTurn();
    expect(JSON.stringify(toolResults) + run.stdout + run.stderr, summary).not.toContain(world.fakeKeyMarker);
    await unlessKnownBroken(ctx, name, 'block', () => {
      expect(toolResults, summary).toHaveLength(2);
      expect(toolResults[1]?.text, summary).toContain(BLOCK_MESSAGE);
      const mine = forCommand(records, PROTECTED_READ);
      expect(mine.length, summary).toBeGreaterThanOrEqual(1);
      expect(
        mine.every((r) => r.decision === 'block' && r.agent === name),
        summary,
      ).toBe(true);
      expect(run.stdout, summary).toContain('Scripted turn finished.');
    });
  }, 400_000);

  test("the agent's own shells are not refused and every record names the agent", async (ctx) => {
    ready(ctx, 'startup');
    const { records, summary } = await gatedTurn();
    expect(
      records.every((r) => r.agent === name),
      summary,
    ).toBe(true);
    await unlessKnownBroken(ctx, name, 'startup', () => {
      const own = records.filter(
        (r) => forCommand([r], cases.allow.command).length === 0 && forCommand([r], PROTECTED_READ).length === 0,
      );
      expect(
        own.filter((r) => r.decision !== 'allow'),
        summary,
      ).toEqual([]);
    });
  }, 400_000);

  test('after uninstall the agent runs straight to the real binary', async (ctx) => {
    ready(ctx, 'uninstall');
    const paths = shimctlPaths(world.home);
    const removed = await shimctl(['uninstall'], { HOME: world.home, PATH: userPath });
    expect(removed.exitCode, removed.stderr).toBe(0);
    expect(existsSync(join(paths.launcherDir, name))).toBe(false);
    const auditBefore = readAudit(paths.auditLog).length;
    // A stale PATH (a shell opened before uninstall) still lists the launcher dir: it must be harmless.
    const after = await turn(['cp -v note.txt marker-after.txt']);
    const { toolResults, summary } = after;
    expectFinished(after);
    expect(existsSync(join(world.workspace, 'marker-after.txt')), summary).toBe(true);
    expect(toolResults[0]?.text, summary).toContain("-> 'marker-after.txt'");
    expect(readAudit(paths.auditLog).length, 'shimctl still reviewed commands after uninstall').toBe(auditBefore);
  }, 400_000);
});
