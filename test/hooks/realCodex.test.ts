// The REAL Codex CLI (the pinned build the agents suite caches) against the scripted model: does a
// PreToolUse hook passed on the command line reach shimctl, and does it need the trust bypass?
// Skips, saying why, when no cached codex exists (this suite never downloads it).
import { execa } from 'execa';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, type TestContext } from 'vitest';
import { startModelServer, type ModelServer } from '../agents/modelServer.js';
import { codex as codexWiring } from '../../installers/agents/codex.js';
import { hookPath, makeHookWorld, readAudit, type HookWorld, stopHookWorlds } from './hookHarness.js';

afterAll(stopHookWorlds);

function cachedCodex(): { bin?: string; why: string } {
  const cache = process.env.SHIMCTL_AGENT_CACHE || join(homedir(), '.cache', 'shimctl-agents');
  const dirs = existsSync(cache)
    ? readdirSync(cache)
        .filter((d) => d.startsWith('codex@'))
        .sort()
    : [];
  for (const d of dirs.reverse()) {
    const bin = join(cache, d, 'node_modules', '.bin', 'codex');
    if (existsSync(bin)) return { bin, why: `${d}` };
  }
  return { why: `no cached codex under ${cache} (run \`npm run test:agents\` once to install it)` };
}

const codex = cachedCodex();
let server: ModelServer;
let world: HookWorld;

beforeAll(async () => {
  if (!codex.bin) return;
  server = await startModelServer();
  world = makeHookWorld('codex', join(codex.bin, '..'));
}, 120_000);
afterAll(async () => {
  await server?.close();
});

function skipWithoutCodex(ctx: TestContext): void {
  if (!codex.bin) {
    console.log(`realCodex: skipped: ${codex.why}`);
    ctx.skip();
  }
}

/** One scripted turn: the model asks for `command`; Codex is started as `file args…`. */
async function turn(file: string, args: string[], command: string) {
  const codexHome = join(world.home, '.codex');
  mkdirSync(codexHome, { recursive: true });
  writeFileSync(
    join(codexHome, 'config.toml'),
    [
      'model = "scripted"',
      'model_provider = "scripted"',
      'approval_policy = "never"',
      'sandbox_mode = "danger-full-access"',
      '',
      '[model_providers.scripted]',
      'name = "scripted"',
      `base_url = "${server.url}/v1"`,
      'wire_api = "responses"',
      'env_key = "SCRIPTED_MODEL_KEY"',
      'request_max_retries = 0',
      'stream_max_retries = 0',
      '',
    ].join('\n'),
  );
  server.reset();
  server.script({ command });
  const env = {
    HOME: world.home,
    USER: 'root',
    LOGNAME: 'root',
    SHELL: '/bin/bash',
    PATH: `${world.launcherDir}:${world.env.PATH}`,
    CI: '1',
    CODEX_HOME: codexHome,
    SCRIPTED_MODEL_KEY: 'sk-scripted-not-a-secret',
  };
  const r = await execa(
    file,
    [...args, 'exec', '--skip-git-repo-check', '-s', 'danger-full-access', 'run the command'],
    {
      cwd: world.workspace,
      env,
      extendEnv: false,
      reject: false,
      stdin: 'ignore',
      timeout: 120_000,
      killSignal: 'SIGKILL',
    },
  );
  return { exitCode: r.exitCode, stderr: String(r.stderr), toolText: server.toolResults.map((t) => t.text).join('\n') };
}

/** The hook's record: the model's command exactly as typed, no envelope (the guard's records carry Codex's). */
function hookRecords(before: number, command: string) {
  return readAudit(world)
    .slice(before)
    .filter((r) => r.agent === 'codex' && r.command === command && !('envelope' in r));
}

describe(`real Codex (${codex.why}) through its shimctl launcher`, () => {
  it('reaches the shimctl hook: a harmless command runs and is recorded by the hook', async (ctx) => {
    skipWithoutCodex(ctx);
    const before = readAudit(world).length;
    const r = await turn(join(world.launcherDir, 'codex'), [], 'cat note.txt');
    expect(r.toolText, r.stderr).toContain(world.noteToken);
    const recs = hookRecords(before, 'cat note.txt');
    // One command: the guard took the hook's pass in each bash Codex started for it (no envelope
    // record). The hook's record is its start; the bash that ran it appended the end, same id.
    const all = readAudit(world)
      .slice(before)
      .filter((r) => r.command === 'cat note.txt' || (r as { reviewed?: string }).reviewed === 'cat note.txt');
    const summary = JSON.stringify(readAudit(world).slice(before));
    expect(
      all.map((r) => [r.phase, r.exitCode]),
      summary,
    ).toEqual([
      ['start', undefined],
      ['end', 0],
    ]);
    expect(all[1]!.id, summary).toBe(all[0]!.id);
    expect(recs).toHaveLength(2);
    expect(recs[0]).toMatchObject({ decision: 'allow' });
  });

  it('a failing command: one command in the audit, its end keeps the non-zero status', async (ctx) => {
    skipWithoutCodex(ctx);
    const before = readAudit(world).length;
    const r = await turn(join(world.launcherDir, 'codex'), [], 'ls no-such-file');
    expect(r.toolText, r.stderr).toContain('no-such-file');
    const recs = hookRecords(before, 'ls no-such-file');
    const summary = JSON.stringify(readAudit(world).slice(before));
    expect(
      recs.map((x) => [x.phase, x.exitCode, x.id === recs[0]!.id]),
      summary,
    ).toEqual([
      ['start', undefined, true],
      ['end', 2, true],
    ]);
  });

  it('blocks a dangerous command in the hook; Codex hands the reason to the model', async (ctx) => {
    skipWithoutCodex(ctx);
    const before = readAudit(world).length;
    const r = await turn(join(world.launcherDir, 'codex'), [], 'find .. -delete');
    expect(r.toolText, r.stderr).toContain('Command blocked by PreToolUse hook: shimctl: blocked (');
    expect(readFileSync(world.sentinel, 'utf8')).toBe('must survive\n');
    const recs = hookRecords(before, 'find .. -delete');
    expect(recs).toHaveLength(1);
    // Nothing ran: a decision, not a start.
    expect(recs[0]).toMatchObject({ decision: 'block' });
    expect(recs[0]!.phase).toBeUndefined();
  });

  it('without --dangerously-bypass-hook-trust the same -c hook never runs (why the launcher passes it)', async (ctx) => {
    skipWithoutCodex(ctx);
    // The launcher's own -c value, filled the way install fills it.
    const template = codexWiring.args[codexWiring.args.indexOf('-c') + 1]!;
    const hookArg = template.replace('{codexHookToml}', JSON.stringify(`'${hookPath(world, 'codex')}'`));
    expect(readFileSync(join(world.launcherDir, 'codex'), 'utf8')).toContain('--dangerously-bypass-hook-trust');
    const before = readAudit(world).length;
    // The real codex directly, no launcher: no BASH_ENV guard either, so nothing else reviews it.
    const r = await turn(codex.bin!, ['-c', hookArg!], 'touch untrusted-hook-marker');
    expect(r.exitCode, r.stderr).toBe(0);
    expect(existsSync(join(world.workspace, 'untrusted-hook-marker'))).toBe(true);
    expect(readAudit(world).slice(before)).toHaveLength(0);
  });
});
