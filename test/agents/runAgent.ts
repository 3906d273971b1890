// Starts a real agent for one scripted turn and collects what happened.
import { execa } from 'execa';
import type { AgentRunPlan } from './agentSpecs.js';

export interface AgentRun {
  exitCode: number | undefined;
  timedOut: boolean;
  stdout: string;
  stderr: string;
  ms: number;
}

/** Runs `plan.command` resolved on `path` (so a launcher first on PATH wins) in `cwd` with `home`. */
export async function runAgent(
  plan: AgentRunPlan,
  opts: { cwd: string; home: string; path: string; extraEnv?: Record<string, string>; timeoutMs?: number },
): Promise<AgentRun> {
  const env: Record<string, string> = {};
  // Hermetic: only a few basics from the outside, never XDG_* or the real HOME.
  for (const key of ['LANG', 'TERM', 'TZ']) if (process.env[key]) env[key] = process.env[key]!;
  Object.assign(
    env,
    { HOME: opts.home, USER: 'root', LOGNAME: 'root', SHELL: '/bin/bash', PATH: opts.path, CI: '1', NO_COLOR: '1' },
    plan.env,
    opts.extraEnv,
  );
  const started = Date.now();
  const result = await execa(plan.command, plan.args, {
    cwd: opts.cwd,
    env,
    extendEnv: false,
    reject: false,
    stdin: 'ignore',
    timeout: opts.timeoutMs ?? 120_000,
    killSignal: 'SIGKILL',
    forceKillAfterDelay: 2_000,
  });
  return {
    exitCode: result.exitCode,
    timedOut: result.timedOut === true,
    stdout: String(result.stdout),
    stderr: String(result.stderr),
    ms: Date.now() - started,
  };
}
