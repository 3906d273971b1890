// Drives the BUILT CLI the way the shims do: `node bin/shimctl.cjs __shim bash /bin/bash -c CMD`
// waits for an answer in one process; `shimctl approve/deny/approvals` answer from another.
import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import { CLI, SYSTEM_PATH, cli, ensureBuilt, hermeticEnv, tempDir } from '../install/cliHarness.js';
import type { CliRun } from '../install/cliHarness.js';

export interface PendingJson {
  id: string;
  agent: string | null;
  cwd: string;
  command: string;
  reasons: Array<{ code: string; message: string }>;
  risk: string;
  createdAt: string;
}
export interface ShimRun {
  status: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}
export interface Waiting {
  pid: number;
  done: Promise<ShimRun>;
  kill(signal: NodeJS.Signals): void;
}

export interface ApprovalHome {
  root: string;
  home: string;
  workspace: string;
  bin: string;
  stateDir: string;
  pendingDir: string;
  userConfig: string;
  /** Lines `mytool` appended, one per run. */
  ran(): string[];
  audit(): Array<Record<string, unknown>>;
  /** The answering side: a terminal of the user's, no session markers. */
  answer(args: string[], extraEnv?: Record<string, string>): CliRun;
  /** The asking side: one intercepted shell start of an agent, left waiting. */
  shim(
    command: string,
    opts?: { agent?: string; session?: string; env?: Record<string, string>; cwd?: string },
  ): Waiting;
  pending(): PendingJson[];
  waitForPending(count: number, timeoutMs?: number): Promise<PendingJson[]>;
}

const MYTOOL = '#!/bin/sh\nprintf "%s\\n" "$*" >> "$HOME/ran.log"\necho "mytool ran: $*"\n';

let built = false;
const roots: string[] = [];
// Every temp HOME of a test file goes when the file is done (waiters have exited by then).
afterAll(() => {
  for (const r of roots.splice(0)) rmSync(r, { recursive: true, force: true });
});

/**
 * `answer()` runs `shimctl approve/deny` from a test process, which has no terminal. Answers
 * without a terminal are refused unless the user's config allows them, so the homes of the tests
 * that answer this way allow it (`approvals.answerWithoutTerminal`), unless the test sets the key
 * itself. The terminal rules are tested in humanTerminal.test.ts.
 */
function allowingScripts(config: object): object {
  const c = config as { approvals?: Record<string, unknown> };
  if (c.approvals && 'answerWithoutTerminal' in c.approvals) return config;
  return { ...config, approvals: { ...c.approvals, answerWithoutTerminal: true } };
}

export function approvalHome(given: object = { approvals: { timeoutSeconds: 60 } }): ApprovalHome {
  const config = allowingScripts(given);
  // One private copy of the built CLI per test file is enough (ensureBuilt copies it each call).
  if (!built) ensureBuilt();
  built = true;
  const root = tempDir('approvals');
  roots.push(root);
  const home = join(root, 'home');
  const workspace = join(root, 'workspace');
  const bin = join(root, 'bin');
  for (const d of [home, workspace, bin]) mkdirSync(d, { recursive: true });
  writeFileSync(join(bin, 'mytool'), MYTOOL);
  chmodSync(join(bin, 'mytool'), 0o755);
  const configDir = join(home, '.config', 'shimctl');
  mkdirSync(configDir, { recursive: true, mode: 0o700 });
  const userConfig = join(configDir, 'config.json');
  writeFileSync(userConfig, `${JSON.stringify(config, null, 2)}\n`);
  const stateDir = join(home, '.local', 'state', 'shimctl');
  const userEnv = hermeticEnv(home, SYSTEM_PATH);
  const h: ApprovalHome = {
    root,
    home,
    workspace,
    bin,
    stateDir,
    pendingDir: join(stateDir, 'approvals'),
    userConfig,
    ran: () =>
      existsSync(join(home, 'ran.log')) ? readFileSync(join(home, 'ran.log'), 'utf8').split('\n').filter(Boolean) : [],
    audit: () => {
      const file = join(stateDir, 'audit', 'audit.jsonl');
      return existsSync(file)
        ? readFileSync(file, 'utf8')
            .trim()
            .split('\n')
            .filter(Boolean)
            .map((l) => JSON.parse(l))
        : [];
    },
    answer: (args, extraEnv = {}) => cli(args, { ...userEnv, ...extraEnv }),
    shim(command, opts = {}) {
      const env = hermeticEnv(home, `${bin}:${SYSTEM_PATH}`, {
        SHIMCTL_AGENT: opts.agent ?? 'claude',
        SHIMCTL_SESSION: opts.session ?? 'session-1',
        // The bash shim has already counted its own hop: 1 is the agent's own shell.
        SHIMCTL_DEPTH: '1',
        ...(opts.env ?? {}),
      });
      const child = spawn(process.execPath, [CLI, '__shim', 'bash', '/bin/bash', '-c', command], {
        cwd: opts.cwd ?? workspace,
        env,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (d) => (stdout += d));
      child.stderr.on('data', (d) => (stderr += d));
      const done = new Promise<ShimRun>((resolve) =>
        child.on('close', (status, signal) => resolve({ status, signal, stdout, stderr })),
      );
      return { pid: child.pid!, done, kill: (s) => child.kill(s) };
    },
    pending() {
      const r = h.answer(['approvals', '--json']);
      if (r.status !== 0) throw new Error(`approvals --json failed: ${r.stderr}`);
      return JSON.parse(r.stdout) as PendingJson[];
    },
    async waitForPending(count, timeoutMs = 15_000) {
      const until = Date.now() + timeoutMs;
      for (;;) {
        const p = h.pending();
        if (p.length >= count) return p;
        if (Date.now() > until) throw new Error(`expected ${count} pending request(s), saw ${p.length}`);
        await new Promise((r) => setTimeout(r, 100));
      }
    },
  };
  return h;
}

/** Files left in the pending directory (requests, answers, temp files): must be none after every outcome. */
export function pendingFiles(h: ApprovalHome): string[] {
  return existsSync(h.pendingDir) ? readdirSync(h.pendingDir) : [];
}
