// Builds runExecutor.ts once into a CommonJS bundle and runs ExecSpecs through it in a real
// child process (so stdin, TTYs and signals are the harness's own, as in the shim).
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import type { ExecResult, ExecSpec } from '../../../src/application/ports/executor.js';
import { tempDir } from '../../support/tempDirs.js';

let bundle: string | null = null;

export async function harnessPath(): Promise<string> {
  if (bundle) return bundle;
  const out = join(tempDir('shimctl-exec-'), 'runExecutor.cjs');
  await build({
    entryPoints: [join(import.meta.dirname, 'runExecutor.ts')],
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    outfile: out,
    logLevel: 'silent',
  });
  bundle = out;
  return out;
}

export function spec(over: Partial<ExecSpec> & { file: string }): ExecSpec {
  return {
    args: [],
    cwd: tmpdir(),
    env: { PATH: '/usr/bin:/bin' },
    timeoutMs: 10_000,
    graceMs: 500,
    maxOutputBytes: 1 << 20,
    ...over,
  };
}

export interface HarnessRun {
  result: ExecResult;
  stdout: string;
  stderr: string;
  status: number | null;
  pid: number;
}

/** Runs the harness; `onStart` gets its pid (to send it signals). */
export async function runHarness(
  s: ExecSpec,
  opts: { input?: string; onStart?: (pid: number) => void } = {},
): Promise<HarnessRun> {
  const path = await harnessPath();
  const child = spawn(process.execPath, [path, JSON.stringify(s)], { stdio: ['pipe', 'pipe', 'pipe', 'pipe'] });
  const chunks = { out: '', err: '', res: '' };
  child.stdout!.on('data', (d: Buffer) => (chunks.out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (chunks.err += d.toString()));
  (child.stdio[3] as NodeJS.ReadableStream).on('data', (d: Buffer) => (chunks.res += d.toString()));
  child.stdin!.end(opts.input ?? '');
  opts.onStart?.(child.pid!);
  const status = await new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  if (!chunks.res) throw new Error(`harness gave no result (status ${status}): ${chunks.err}`);
  return {
    result: JSON.parse(chunks.res) as ExecResult,
    stdout: chunks.out,
    stderr: chunks.err,
    status,
    pid: child.pid!,
  };
}

/** True when the pid no longer runs: gone, or a zombie waiting for a reaper (it cannot run again). */
export function isDead(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return true;
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8') as string;
    return stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z');
  } catch {
    return true;
  }
}
