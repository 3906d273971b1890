// The real Claude Code (pinned 2.1.197 and current 2.1.332), behind shimctl, runs its own commit
// idiom: `git commit -m "$(cat <<'EOF' … EOF)"`, which it wraps in its envelope with its own
// here-document quoting (`eval '…'` with `'"'"'`, no `< /dev/null`). The commit must be made with
// the message, and a here-document fed to sh that deletes must be refused (docs/shell.md).
import { execFileSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ensureAgentForTests, type CachedAgent } from './agentCache.js';
import { AGENT_NAMES, agentIdOf, planFor } from './agentSpecs.js';
import { startModelServer, type ModelServer } from './modelServer.js';
import { runAgent } from './runAgent.js';
import { readAudit, shimctl, shimctlPaths } from './shimctlCli.js';
import { makeWorld, removeWorlds, type World } from './workspaceFixture.js';

let server: ModelServer;
beforeAll(async () => {
  server = await startModelServer();
});
afterAll(async () => {
  await server?.close();
  removeWorlds();
});

const MESSAGE = 'Add a.txt\n\nCo-Authored-By: Claude <noreply@anthropic.com>';
const COMMIT = `git commit -q -m "$(cat <<'EOF'\n${MESSAGE}\nEOF\n)"`;

describe.each(AGENT_NAMES.filter((n) => agentIdOf(n) === 'claude'))('%s: here-documents behind shimctl', (name) => {
  let agent: CachedAgent;
  let world: World;
  let userPath: string;
  beforeAll(async () => {
    agent = ensureAgentForTests(name);
    if (!agent.ok) return;
    world = makeWorld(`heredoc-${name}`);
    userPath = `${agent.nodeBinDir ? `${agent.nodeBinDir}:` : ''}${agent.binDir}:/usr/local/bin:/usr/bin:/bin`;
    const install = await shimctl(['install'], { HOME: world.home, PATH: userPath });
    expect(install.exitCode, install.stderr).toBe(0);
    // The repository is prepared by the test, not through the agent.
    const git = (...args: string[]) =>
      execFileSync('git', args, { cwd: world.workspace, env: { PATH: '/usr/bin:/bin', HOME: world.home } });
    git('init', '-q');
    git('config', 'user.email', 'a@b.invalid');
    git('config', 'user.name', 't');
    writeFileSync(join(world.workspace, 'a.txt'), 'x\n');
    git('add', 'a.txt');
  }, 900_000);

  async function turn(commands: string[]) {
    const paths = shimctlPaths(world.home);
    const before = readAudit(paths.auditLog).length;
    server.reset();
    server.script({ commands });
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
    const summary = `exit=${run.exitCode}\nstderr: ${run.stderr.slice(-1500)}\naudit: ${JSON.stringify(records.map((r) => [r.decision, r.reviewed ?? r.command, r.reasons?.map((x) => x.code)]))}\ntool results: ${JSON.stringify(server.toolResults)}`;
    return { run, records, summary };
  }

  test('the commit idiom makes a commit with the message; sh fed a deleting here-document is refused', async () => {
    if (!agent.ok) return void console.warn(`${name} not available: ${agent.reason}`);
    let log = '';
    // The key is protected: the outer review must refuse the body (a /tmp file would be allowed).
    const { run, records, summary } = await turn([COMMIT, `sh <<'EOF'\nrm -f ${world.fakeKey}\nEOF`]);
    expect(run.exitCode, summary).toBe(0);
    try {
      log = execFileSync('git', ['log', '--format=%B'], {
        cwd: world.workspace,
        env: { PATH: '/usr/bin:/bin', HOME: world.home },
      }).toString();
    } catch {
      /* no commit */
    }
    expect(log.trimEnd(), summary).toBe(MESSAGE);
    expect(
      records.some((r) => r.decision === 'allow' && r.reviewed === COMMIT),
      summary,
    ).toBe(true);
    expect(existsSync(world.fakeKey), summary).toBe(true);
    expect(
      records.some(
        (r) =>
          r.decision === 'block' &&
          (r.reviewed ?? '').startsWith('sh <<') &&
          r.reasons?.some((x) => x.code === 'path.protected_write' || x.code === 'path.protected'),
      ),
      summary,
    ).toBe(true);
  });
});
