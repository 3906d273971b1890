// Stage-1 tool: runs each real agent through a plain logging bash (no shimctl) and prints what it handed
// its shell. `npx tsx test/agents/capture.ts [agent...] [--out dir]` re-captures the fixtures.
import { mkdtempSync, mkdirSync, readFileSync, existsSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AGENT_NAMES, agentIdOf, planFor, type AgentName } from './agentSpecs.js';
import { ensureAgentForTests } from './agentCache.js';
import { writeLoggingShell } from './loggingShell.js';
import { startModelServer } from './modelServer.js';
import { runAgent } from './runAgent.js';
import { placeholders } from './placeholders.js';

const argv = process.argv.slice(2);
const outIdx = argv.indexOf('--out');
const outDir = outIdx >= 0 ? argv[outIdx + 1] : undefined;
const names = argv.filter((a, i) => !a.startsWith('--') && (outIdx < 0 || i !== outIdx + 1)) as AgentName[];
// --bashrc: HOME has a ~/.bashrc (as after `shimctl install`, or on any real machine).
const withBashrc = argv.includes('--bashrc');
// --fail-snapshots: the shell refuses Claude's snapshot script, to see the envelope Claude falls back to.
const failSnapshots = argv.includes('--fail-snapshots');
const chosen = names.length ? names : AGENT_NAMES;

const server = await startModelServer();
try {
  for (const name of chosen) {
    const agent = ensureAgentForTests(name);
    if (!agent.ok) {
      console.log(`${name}: SKIP ${agent.reason}`);
      continue;
    }
    const root = mkdtempSync(join(tmpdir(), `capture-${name}-`));
    const home = join(root, 'home');
    const workspace = join(root, 'workspace');
    mkdirSync(home);
    mkdirSync(workspace);
    const shell = writeLoggingShell(root, { failSnapshots });
    if (withBashrc) writeFileSync(join(home, '.bashrc'), '# a user bashrc\nexport EDITOR=vi\n');
    server.reset();
    console.log(`start at ${Date.now()}`);
    server.script({ command: 'touch marker.txt' });
    const plan = planFor(name, {
      modelUrl: server.url,
      home,
      workspace,
      prompt: 'Create marker.txt',
      agentDir: agent.dir,
    });
    const wiring: Record<string, string> =
      agentIdOf(name) === 'codex'
        ? { BASH_ENV: shell.bashEnv }
        : { SHELL: shell.bash, CLAUDE_CODE_SHELL: shell.bash, COPILOT_BASH_PATH: shell.bash };
    const nodePath = agent.nodeBinDir ? `${agent.nodeBinDir}:` : '';
    const run = await runAgent(plan, {
      cwd: workspace,
      home,
      path: `${shell.dir}:${nodePath}${agent.binDir}:/usr/local/bin:/usr/bin:/bin`,
      extraEnv: wiring,
    });
    const lines = existsSync(shell.log) ? readFileSync(shell.log, 'utf8').trim().split('\n') : [];
    console.log(
      `== ${name} ${agent.version} exit=${run.exitCode} timedOut=${run.timedOut} ${run.ms}ms marker=${existsSync(join(workspace, 'marker.txt'))}`,
    );
    console.log('tool results:', JSON.stringify(server.toolResults));
    console.log('unknown routes:', JSON.stringify(server.unknown));
    console.log('requests:', server.requests.map((r) => `${r.at}ms ${r.method} ${r.url}`).join(', '));
    console.log('stdout:', run.stdout.slice(-400));
    console.log('stderr:', run.stderr.slice(-1500));
    const clean = lines.map((l) =>
      placeholders(l, { home, workspace, shimDir: shell.dir, install: agent.dir, nodeBin: agent.nodeBinDir }),
    );
    for (const l of clean) console.log('  shell:', l.slice(0, 300));
    const suffix = `${withBashrc ? '-bashrc' : ''}${failSnapshots ? '-no-snapshot' : ''}`;
    if (outDir) writeFileSync(join(outDir, `${name}${suffix}.jsonl`), clean.join('\n') + '\n');
  }
} finally {
  await server.close();
}
