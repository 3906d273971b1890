// A throwaway HOME with shimctl installed (the BUILT CLI) and the fake agents on PATH.
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { SYSTEM_PATH, cli, ensureBuilt, hermeticEnv, stopDaemon, tempDir } from '../install/cliHarness.js';
import { afterAll } from 'vitest';

export const FAKE_BIN = resolve(import.meta.dirname, '../fakeAgents/bin');

export interface E2eHome {
  home: string;
  workspace: string;
  sentinel: string;
  launcherDir: string;
  auditLog: string;
  env: Record<string, string>;
  /** Starts `agent` through its launcher, as a user typing its name would, and returns what the fake saw. */
  runAgent(agent: string, command: string, extraEnv?: Record<string, string>): AgentRun;
}

export interface AgentStep {
  what: string;
  file: string;
  status: number | null;
  stdout: string;
  stderr: string;
  error?: string;
}
export interface AgentRun {
  status: number | null;
  stderr: string;
  steps: AgentStep[];
  command: AgentStep;
}

/** `config(paths)` is the user's config.json; by default it protects the sentinel (the built-in policy has no workspace notion). */
export function e2eHome(config?: (p: { sentinel: string; home: string; workspace: string }) => object): E2eHome {
  ensureBuilt();
  const root = tempDir('e2e');
  const home = join(root, 'home');
  const workspace = join(root, 'workspace');
  const sentinel = join(root, 'sentinel.txt');
  mkdirSync(join(home, '.ssh'), { recursive: true, mode: 0o700 });
  writeFileSync(
    join(home, '.ssh', 'id_rsa'),
    '-----BEGIN OPENSSH PRIVATE KEY-----\nFAKE-PRIVATE-KEY\n-----END OPENSSH PRIVATE KEY-----\n',
  );
  chmodSync(join(home, '.ssh', 'id_rsa'), 0o600);
  mkdirSync(workspace);
  writeFileSync(join(workspace, 'README.md'), 'a workspace\n');
  writeFileSync(sentinel, 'still here\n');
  const userConfig = config ? config({ sentinel, home, workspace }) : { protectedPaths: [sentinel] };
  mkdirSync(join(home, '.config', 'shimctl'), { recursive: true });
  writeFileSync(join(home, '.config', 'shimctl', 'config.json'), JSON.stringify(userConfig, null, 2));
  const installEnv = hermeticEnv(home, `${FAKE_BIN}:${SYSTEM_PATH}`);
  const r = cli(['install'], installEnv);
  if (r.status !== 0) throw new Error(`install failed: ${r.stderr}`);
  const launcherDir = join(home, '.local', 'share', 'shimctl', 'bin');
  // What a new login terminal would have: launchers first (the ~/.profile block), CI so no human is asked.
  const env = hermeticEnv(home, `${launcherDir}:${FAKE_BIN}:${SYSTEM_PATH}`, { CI: 'true' });
  // Called inside a describe or at file level: stop this home's resident review process afterwards.
  afterAll(() => stopDaemon(env));
  return {
    home,
    workspace,
    sentinel,
    launcherDir,
    auditLog: join(home, '.local', 'state', 'shimctl', 'audit', 'audit.jsonl'),
    env,
    runAgent(agent, command, extraEnv = {}) {
      // By name through PATH, like the user typing it: the launcher must win.
      const p = spawnSync('/bin/sh', ['-c', `exec ${agent} "$1"`, 'sh', command], {
        cwd: workspace,
        env: { ...env, ...extraEnv },
        encoding: 'utf8',
        timeout: 120_000,
      });
      let steps: AgentStep[] = [];
      try {
        steps = JSON.parse(p.stdout).steps;
      } catch {
        throw new Error(`fake ${agent} printed no result: status ${p.status}\n${p.stdout}\n${p.stderr}`);
      }
      const cmd = steps.find((s) => s.what === 'command');
      if (!cmd) throw new Error(`fake ${agent} ran no command step`);
      return { status: p.status, stderr: p.stderr, steps, command: cmd };
    },
  };
}
