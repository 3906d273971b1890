// Stage 1, independent of shimctl: each real agent, driven by the scripted model, runs a command through
// a plain logging bash. Proves the harness works and that the shared fixtures still match these builds.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ensureAgentForTests } from './agentCache.js';
import { AGENT_NAMES, agentIdOf, planFor, type AgentName } from './agentSpecs.js';
import { normalizeShellLine, readFixture } from './fixtureShape.js';
import { writeLoggingShell } from './loggingShell.js';
import { startModelServer, type ModelServer } from './modelServer.js';
import { placeholders } from './placeholders.js';
import { runAgent } from './runAgent.js';
import { skipBecause, tag } from './supportMeta.js';
import { makeWorld, removeWorlds } from './workspaceFixture.js';

const FIXTURES = process.env.SHIMCTL_AGENT_FIXTURES ?? join(import.meta.dirname, '../domain/shell/agents');
let server: ModelServer;
beforeAll(async () => {
  server = await startModelServer();
});
afterAll(async () => {
  await server?.close();
  removeWorlds();
});

async function runPlain(name: AgentName, command: string) {
  const agent = ensureAgentForTests(name);
  const world = makeWorld(`plain-${name}`);
  const shell = writeLoggingShell(world.root);
  server.reset();
  server.script({ command });
  const plan = planFor(name, {
    modelUrl: server.url,
    home: world.home,
    workspace: world.workspace,
    prompt: 'Run the command.',
  });
  // The same wiring the fixtures were captured with: SHELL/CLAUDE_CODE_SHELL for Claude, PATH for Gemini, BASH_ENV for Codex.
  const wiring: Record<string, string> =
    agentIdOf(name) === 'codex' ? { BASH_ENV: shell.bashEnv } : { SHELL: shell.bash, CLAUDE_CODE_SHELL: shell.bash };
  const run = await runAgent(plan, {
    cwd: world.workspace,
    home: world.home,
    path: `${shell.dir}:${agent.nodeBinDir ? `${agent.nodeBinDir}:` : ''}${agent.binDir}:/usr/local/bin:/usr/bin:/bin`,
    extraEnv: wiring,
  });
  const lines = existsSync(shell.log) ? readFileSync(shell.log, 'utf8').split('\n').filter(Boolean) : [];
  const shellLines = lines.map((l) =>
    placeholders(l, {
      home: world.home,
      workspace: world.workspace,
      shimDir: shell.dir,
      install: agent.dir,
      nodeBin: agent.nodeBinDir,
    }),
  );
  if (server.unknown.length)
    console.warn(`${name}: routes the scripted model did not know: ${server.unknown.join(', ')}`);
  return { agent, world, run, shellLines, toolResults: [...server.toolResults] };
}

describe.each(AGENT_NAMES)('%s without shimctl (plain logging shell)', (name) => {
  beforeAll(() => {
    ensureAgentForTests(name);
  }, 900_000);

  test('runs the scripted command, reports its output and finishes the turn', async (ctx) => {
    const agent = ensureAgentForTests(name);
    tag(ctx, name, agent.version, 'plain-shell');
    if (!agent.ok) skipBecause(ctx, `${name} ${agent.version} could not be installed or started: ${agent.reason}`);
    const { world, run, toolResults } = await runPlain(name, 'cp -v note.txt marker.txt');
    expect(run.timedOut, run.stderr).toBe(false);
    expect(run.exitCode, run.stderr).toBe(0);
    expect(readFileSync(join(world.workspace, 'marker.txt'), 'utf8')).toContain(world.noteToken);
    expect(toolResults).toHaveLength(1);
    expect(toolResults[0]?.text).toContain("-> 'marker.txt'");
    expect(run.stdout).toContain('Scripted turn finished.');
  });

  test('hands its shell exactly the shapes recorded in the shared fixtures', async (ctx) => {
    const agent = ensureAgentForTests(name);
    tag(ctx, name, agent.version, 'fixture-shape');
    if (!agent.ok) skipBecause(ctx, `${name} ${agent.version} could not be installed or started: ${agent.reason}`);
    const fixture = join(FIXTURES, `${name}.jsonl`);
    if (!existsSync(fixture)) skipBecause(ctx, `no fixture at ${fixture}`);
    const { world, shellLines } = await runPlain(name, 'touch marker.txt');
    expect(existsSync(join(world.workspace, 'marker.txt'))).toBe(true);
    const expected = readFixture(fixture);
    const seen = shellLines.map(normalizeShellLine);
    // Every shell start must be a known shape; order varies (Claude's probes race each other) and
    // Codex takes its snapshot asynchronously: its snapshot check and wrapper appear only when the
    // snapshot is ready before the command.
    for (const line of seen) expect(expected, `unexpected shell start: ${line.slice(0, 400)}`).toContain(line);
    const optional =
      name === 'codex' ? expected.filter((l) => l.includes('<codex wrapper>') || l.includes('set -e; .')) : [];
    for (const line of expected)
      if (!optional.includes(line)) expect(seen, `missing shell start: ${line.slice(0, 400)}`).toContain(line);
  });
});
