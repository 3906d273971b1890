// A throwaway HOME with `shimctl install` done by the BUILT CLI, and ways to call the installed
// PreToolUse hook scripts the way each agent does (through the FAKE agent in fakeHookAgent.mjs).
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cli, ensureBuilt, hermeticEnv, stopDaemon, SYSTEM_PATH, tempDir } from '../install/cliHarness.js';

export interface HookWorld {
  root: string;
  home: string;
  workspace: string;
  sentinel: string;
  noteToken: string;
  shimDir: string;
  launcherDir: string;
  auditLog: string;
  env: Record<string, string>;
}

export interface AuditRecord {
  id: string;
  phase?: 'start' | 'end';
  decision: string;
  agent?: string;
  command?: string;
  cwd?: string;
  session?: string;
  exitCode?: number;
  durationMs?: number;
  approval?: unknown;
  reasons: Array<{ code: string; message?: string }>;
}

export interface FakeRun {
  ran: boolean;
  blocked: boolean;
  reason: string;
  output: string;
  hookStatus: number | null;
  hookStderr: string;
}

export function hookPath(world: HookWorld, agent: string): string {
  return join(world.shimDir, 'hooks', `${agent}-pretooluse`);
}

const worlds: HookWorld[] = [];

/** Stops the resident review process a shim (e.g. Codex's BASH_ENV guard) started in each world. */
export function stopHookWorlds(): void {
  for (const w of worlds.splice(0)) stopDaemon(w.env);
}

/** Fresh HOME, workspace, sentinel and fake key; `shimctl install --no-modify-path` run in it. */
export function makeHookWorld(label: string, agentBinDir?: string): HookWorld {
  ensureBuilt();
  const root = tempDir(`hooks-${label}`);
  const home = join(root, 'home');
  const workspace = join(root, 'workspace');
  for (const d of [home, workspace, join(root, 'outside')]) mkdirSync(d, { recursive: true });
  const sentinel = join(root, 'outside', 'sentinel.txt');
  writeFileSync(sentinel, 'must survive\n');
  mkdirSync(join(home, '.ssh'), { mode: 0o700 });
  writeFileSync(
    join(home, '.ssh', 'id_rsa'),
    '-----BEGIN OPENSSH PRIVATE KEY-----\nFAKE-KEY-HOOKS\n-----END OPENSSH PRIVATE KEY-----\n',
  );
  chmodSync(join(home, '.ssh', 'id_rsa'), 0o600);
  const noteToken = `note-token-${label}-${Date.now()}`;
  writeFileSync(join(workspace, 'note.txt'), `${noteToken}\n`);
  const env = hermeticEnv(home, agentBinDir ? `${agentBinDir}:${SYSTEM_PATH}` : SYSTEM_PATH, { CI: '1' });
  const r = cli(['install', '--no-modify-path'], env);
  if (r.status !== 0) throw new Error(`shimctl install failed: ${r.stderr}`);
  const shimDir = join(home, '.local/share/shimctl/shims');
  const world: HookWorld = {
    launcherDir: join(home, '.local/share/shimctl/bin'),
    root,
    home,
    workspace,
    sentinel,
    noteToken,
    shimDir,
    auditLog: join(home, '.local/state/shimctl/audit/audit.jsonl'),
    env,
  };
  worlds.push(world);
  return world;
}

export function fill(text: string, world: HookWorld): string {
  return text
    .replaceAll('{{sentinel}}', world.sentinel)
    .replaceAll('{{home}}', world.home)
    .replaceAll('{{workspace}}', world.workspace);
}

/** Runs the FAKE agent: it sends its hook JSON to the installed hook and runs the command only if allowed. */
export function fakeAgent(
  world: HookWorld,
  agent: string,
  command: string,
  opts: { raw?: string; hook?: string; env?: Record<string, string> } = {},
): FakeRun {
  const hook = opts.hook ?? (agent === 'codex' ? `'${hookPath(world, agent)}'` : hookPath(world, agent));
  // As the codex launcher sets it: BASH_ENV = the guard, and Codex starts hooks with `$SHELL -lc`.
  const env = {
    ...world.env,
    SHELL: '/bin/bash',
    SHIMCTL_AGENT: agent,
    SHIMCTL_SESSION: `s-${agent}`,
    BASH_ENV: join(world.shimDir, 'bash_env_guard.bash'),
    ...opts.env,
  };
  const args = [
    join(import.meta.dirname, 'fakeHookAgent.mjs'),
    agent,
    hook,
    command,
    ...(opts.raw === undefined ? [] : [opts.raw]),
  ];
  const r = spawnSync(process.execPath, args, { cwd: world.workspace, env, encoding: 'utf8', timeout: 60_000 });
  if (r.status !== 0) throw new Error(`fake agent failed: ${r.stderr}`);
  return JSON.parse(r.stdout) as FakeRun;
}

export function readAudit(world: HookWorld): AuditRecord[] {
  if (!existsSync(world.auditLog)) return [];
  return readFileSync(world.auditLog, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as AuditRecord);
}
