// Real parts for the fast-path tests: the built CLI (private copy), the C client compiled with
// the machine's compiler, a fresh HOME per test file, and a `node` wrapper that logs each time
// the per-command core (the fallback) or a daemon is started, so a test can tell which path ran.
import { oneRecordPerCommand } from '../../src/application/auditQuery/selectRecords.js';
import { spawn, spawnSync } from 'node:child_process';
import { afterAll } from 'vitest';
import type { SpawnSyncReturns } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { compileClient } from '../../src/infrastructure/daemon/compileClient.js';
import { daemonFiles, readLockPid } from '../../src/infrastructure/daemon/daemonFiles.js';
import { CLI, ROOT, SYSTEM_PATH, cli, ensureBuilt, hermeticEnv, tempDir } from '../install/cliHarness.js';

export interface FastHome {
  home: string;
  env: Record<string, string>;
  project: string;
  entry: string;
  client: string;
  /** `node` wrapper: appends "<argv…>" to nodeLog, then runs the real node. */
  node: string;
  nodeLog: string;
  runDir: string;
  auditLog: string;
}

/** The test stand-in that relays the client's connections to a server inside the test (see the file). */
export const RELAY_ENTRY = join(ROOT, 'test', 'daemon', 'fixtures', 'relayDaemon.cjs');

/**
 * Starts the relay on `socket` as a resident process would be started (real node, the relay as its
 * entry, only HOME in its environment); the test's own server listens on the returned backend path.
 */
export async function startRelay(socket: string, home: string): Promise<{ backend: string; stop(): void }> {
  const backend = `${socket}.backend`;
  const child = spawn(process.execPath, ['--max-semi-space-size=32', RELAY_ENTRY, 'daemon', 'run', socket, backend], {
    env: { HOME: home },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout!.once('data', () => resolve());
    child.once('exit', (code) => reject(new Error(`the relay exited (${code})`)));
  });
  return { backend, stop: () => child.kill('SIGKILL') };
}

/** Builds the client once per process (compiling is the slow part). */
let compiled: string | undefined;
export function clientBinary(): string {
  if (compiled) return compiled;
  // The `node` it is given is the logging wrapper below; the daemon it must trust runs the real one.
  const built = compileClient(
    join(ROOT, 'shims', 'client', 'shimctl-client.c'),
    { PATH: SYSTEM_PATH },
    { daemon: { node: process.execPath } },
  );
  if (!built) throw new Error('no C compiler on this machine: the fast-path tests need cc (apt-get install -y gcc)');
  const dir = tempDir('client');
  const path = join(dir, 'shimctl-client');
  writeFileSync(path, built.binary);
  chmodSync(path, 0o755);
  // World-readable directory: the foreign-user test runs this binary as another uid.
  chmodSync(dir, 0o755);
  compiled = path;
  return path;
}

/**
 * Every home this file made: their daemons are ended when the file ends, before its temporary
 * directories are removed (a daemon a test left running recreated its home after the removal,
 * and the run's temp-directory check failed on it in a loaded CI run).
 */
const homes: FastHome[] = [];
afterAll(() => {
  for (const h of homes.splice(0)) stopDaemon(h);
});

export function fastHome(extraEnv: Record<string, string> = {}): FastHome {
  ensureBuilt();
  const home = join(tempDir('daemon'), 'home');
  const project = join(home, 'proj');
  mkdirSync(join(project, '.git'), { recursive: true });
  const env = hermeticEnv(home, SYSTEM_PATH, { SHIMCTL_CLIENT_DEBUG: '1', ...extraEnv });
  const r = cli(['install', '--no-modify-path'], env);
  if (r.status !== 0) throw new Error(`install failed: ${r.stderr}`);
  const nodeLog = join(home, 'node.log');
  const node = join(home, 'logging-node');
  // dash adds PWD to what it execs; a daemon must start with only its own variables (the client checks).
  writeFileSync(
    node,
    `#!/bin/sh\nprintf '%s\\n' "$*" >> '${nodeLog}'\n[ "$3 $4" = 'daemon run' ] && exec /usr/bin/env -u PWD '${process.execPath}' "$@"\nexec '${process.execPath}' "$@"\n`,
  );
  chmodSync(node, 0o755);
  const made: FastHome = {
    home,
    env,
    project,
    node,
    nodeLog,
    entry: join(home, '.local/share/shimctl/shims/shim-entry.cjs'),
    client: clientBinary(),
    runDir: join(home, '.local/state/shimctl/run'),
    auditLog: join(home, '.local/state/shimctl/audit/audit.jsonl'),
  };
  homes.push(made);
  return made;
}

/** Runs one command the way the bash shim does: client NODE ENTRY bash REAL -c COMMAND. */
export function runFast(
  h: FastHome,
  command: string,
  env: Record<string, string> = {},
  cwd = h.project,
): SpawnSyncReturns<string> {
  return spawnSync(h.client, [h.node, h.entry, 'bash', '/bin/bash', '-c', command], {
    env: { ...h.env, ...env },
    cwd,
    encoding: 'utf8',
    timeout: 30_000,
  });
}

export function runFastAsync(
  h: FastHome,
  command: string,
  env: Record<string, string> = {},
): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(h.client, [h.node, h.entry, 'bash', '/bin/bash', '-c', command], {
      env: { ...h.env, ...env },
      cwd: h.project,
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

export function nodeStarts(h: FastHome): string[] {
  return existsSync(h.nodeLog) ? readFileSync(h.nodeLog, 'utf8').split('\n').filter(Boolean) : [];
}

/** Every line of the audit file, start and end records each on their own. */
export function auditLines(h: FastHome): Array<Record<string, unknown>> {
  return existsSync(h.auditLog)
    ? readFileSync(h.auditLog, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l))
    : [];
}

/**
 * One record per decision: a command that ran has a `phase: "start"` record before it and a
 * `phase: "end"` record after it (same id); the start is dropped when its end is there.
 */
export function auditRecords(h: FastHome): Array<Record<string, unknown>> {
  return oneRecordPerCommand(auditLines(h));
}

export function daemonPid(h: FastHome): number | undefined {
  return readLockPid(daemonFiles(h.runDir));
}

/** Running (a zombie whose parent has not reaped it yet counts as ended). */
export function alive(pid: number | undefined): boolean {
  if (!pid) return false;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return false;
  }
}

/** Starts the daemon through the CLI (as `shimctl daemon start` would) and waits until it answers. */
export function startDaemon(h: FastHome, env: Record<string, string> = {}): number {
  const r = spawnSync(process.execPath, [CLI, 'daemon', 'start'], {
    env: { ...h.env, ...env },
    encoding: 'utf8',
    timeout: 30_000,
  });
  if (r.status !== 0) throw new Error(`daemon start failed: ${r.stderr}`);
  const pid = daemonPid(h);
  if (!pid) throw new Error('daemon started but wrote no lock');
  return pid;
}

export async function waitFor(check: () => boolean, ms = 10_000): Promise<boolean> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (check()) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return check();
}

/** Ends a test file's daemon (only the one this HOME started). */
export function stopDaemon(h: FastHome): void {
  const pid = daemonPid(h);
  if (!alive(pid)) return;
  process.kill(pid!, 'SIGKILL');
  // Gone before the caller goes on (the temporary directory is removed next).
  const until = Date.now() + 5000;
  while (alive(pid) && Date.now() < until) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 20);
}

/** The pid of the one process whose argv is exactly `sleep <token>`. */
export function findSleep(token: string): number | undefined {
  for (const entry of readdirSync('/proc')) {
    if (!/^[0-9]+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/cmdline`, 'utf8') === `sleep\0${token}\0`) return Number(entry);
    } catch {
      // gone meanwhile
    }
  }
  return undefined;
}
