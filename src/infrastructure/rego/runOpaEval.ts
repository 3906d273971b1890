import { execa } from 'execa';
import type { EngineAnswer } from './engineFailure.js';
import { engineFailure } from './engineFailure.js';
import { readOpaEvalOutput } from './readOpaEvalOutput.js';

export interface OpaEvalOptions {
  opa: string;
  policyPaths: string[];
  query: string;
  timeoutMs: number;
  env: Record<string, string | undefined>;
}

/** OPA's output for one verdict is small; anything past this is a policy gone wrong. */
const MAX_OUTPUT_BYTES = 4 * 1024 * 1024;
/** `opa.runtime().env` shows the policy OPA's environment: hand it only what it needs to start. */
const PASSED_ENV = ['PATH', 'HOME', 'TMPDIR', 'LANG', 'TZ'];

/** `opa eval` argv: bundles (`.tar.gz`) with `--bundle`, files and directories with `--data`. */
export function opaEvalArgs(policyPaths: string[], query: string): string[] {
  const args = ['eval', '--format', 'json', '--stdin-input'];
  for (const p of policyPaths) args.push(p.endsWith('.tar.gz') ? '--bundle' : '--data', p);
  args.push('--', query);
  return args;
}

function reducedEnv(env: Record<string, string | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of PASSED_ENV) if (env[name] !== undefined) out[name] = env[name]!;
  return out;
}

function killGroup(pid: number | undefined): void {
  if (pid === undefined) return;
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // Already gone: nothing to kill.
  }
}

/**
 * Runs `opa eval` once: argv array, the input document on stdin, its own process group so a
 * timeout kills everything it started. Resolves with the query's value or a failure verdict.
 */
export async function runOpaEval(input: unknown, opts: OpaEvalOptions): Promise<EngineAnswer> {
  const child = execa(opts.opa, opaEvalArgs(opts.policyPaths, opts.query), {
    input: JSON.stringify(input),
    env: reducedEnv(opts.env),
    extendEnv: false,
    cwd: '/',
    detached: true,
    reject: false,
    maxBuffer: MAX_OUTPUT_BYTES,
    stripFinalNewline: false,
  });
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), opts.timeoutMs);
  });
  const result = await Promise.race([child, timedOut]).finally(() => clearTimeout(timer));
  if (result === 'timeout') {
    killGroup(child.pid);
    child.catch(() => undefined);
    return {
      kind: 'failure',
      verdict: engineFailure('engine.timeout', `opa eval did not answer within ${opts.timeoutMs} ms and was killed`),
    };
  }
  if (result.failed && result.exitCode === undefined) {
    const errno = (result as { code?: string }).code;
    if (errno === 'ENOENT')
      return {
        kind: 'failure',
        verdict: engineFailure('engine.opa_missing', `'${opts.opa}' could not be started (not found)`),
      };
    if (result.isMaxBuffer)
      return {
        kind: 'failure',
        verdict: engineFailure('engine.bad_output', `opa eval printed more than ${MAX_OUTPUT_BYTES} bytes`),
      };
    return {
      kind: 'failure',
      verdict: engineFailure('engine.failed', `opa eval could not run: ${result.shortMessage}`),
    };
  }
  if (result.isMaxBuffer)
    return {
      kind: 'failure',
      verdict: engineFailure('engine.bad_output', `opa eval printed more than ${MAX_OUTPUT_BYTES} bytes`),
    };
  return readOpaEvalOutput(
    String(result.stdout ?? ''),
    String(result.stderr ?? ''),
    result.exitCode ?? -1,
    result.signal,
  );
}
