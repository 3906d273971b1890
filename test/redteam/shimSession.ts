// The real interception path: `shimctl install` into the fixture HOME, then the installed bash
// shim started the way an agent starts its shell (`bash -c TEXT`, session markers, depth 0).
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Fixture, SYSTEM_PATH, hermeticEnv } from './harness.js';

export interface ShimRun {
  status: number | null;
  stdout: string;
  stderr: string;
}
export interface ShimSession {
  shimDir: string;
  auditLog: string;
  run(text: string, agent?: string): ShimRun;
  /** Codex/Cline wiring: the real /bin/bash with BASH_ENV = the installed guard. */
  runGuarded(text: string, extraEnv?: Record<string, string>): ShimRun;
  auditText(): string;
  stop(): void;
}

export function installShims(cli: string, fx: Fixture): ShimSession {
  const r = spawnSync(process.execPath, [cli, 'install', '--no-modify-path'], {
    env: fx.env,
    cwd: fx.home,
    encoding: 'utf8',
    timeout: 120_000,
  });
  if (r.status !== 0) throw new Error(`install failed: ${r.stderr}`);
  const shimDir = join(fx.home, '.local', 'share', 'shimctl', 'shims');
  const auditLog = join(fx.home, '.local', 'state', 'shimctl', 'audit', 'audit.jsonl');
  const env = hermeticEnv(fx.home, {
    PATH: `${shimDir}:${SYSTEM_PATH}`,
    SHIMCTL_SESSION: 'redteam',
    SHIMCTL_DEPTH: '0',
  });
  return {
    shimDir,
    auditLog,
    run(text, agent = 'qwen') {
      const p = spawnSync(join(shimDir, 'bash'), ['-c', text], {
        cwd: fx.ws,
        env: { ...env, SHIMCTL_AGENT: agent },
        encoding: 'utf8',
        timeout: 60_000,
      });
      return { status: p.status, stdout: p.stdout, stderr: p.stderr };
    },
    runGuarded(text, extraEnv = {}) {
      const guardEnv = hermeticEnv(fx.home, {
        SHIMCTL_AGENT: 'codex',
        SHIMCTL_SESSION: 'redteam',
        SHLVL: '1',
        BASH_ENV: join(shimDir, 'bash_env_guard.bash'),
        ...extraEnv,
      });
      const p = spawnSync('/bin/bash', ['-c', text], {
        cwd: fx.ws,
        env: guardEnv,
        encoding: 'utf8',
        timeout: 60_000,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      return { status: p.status, stdout: p.stdout, stderr: p.stderr };
    },
    auditText: () => (existsSync(auditLog) ? readFileSync(auditLog, 'utf8') : ''),
    // The compiled client may have started a resident review process for this HOME.
    stop: () => void spawnSync(process.execPath, [cli, 'daemon', 'stop'], { env, encoding: 'utf8', timeout: 30_000 }),
  };
}
