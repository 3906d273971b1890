import { timingSafeEqual } from 'node:crypto';
import { takeList } from './frames.js';

/** One intercepted shell start, as a client sent it. */
export interface DaemonRequest {
  mode: 'run' | 'check';
  shell: 'bash' | 'sh';
  realShell: string;
  cwd: string;
  args: string[];
  env: Record<string, string>;
}

/**
 * The client stops waiting for the acknowledgement after 1.5 s and falls back to the per-command
 * core. A request older than this (the daemon was stopped or starved) is refused unhandled, so
 * the same command is not reviewed, asked and recorded twice.
 */
export const MAX_REQUEST_AGE_MS = 1000;

export function sameToken(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export function parseRequest(fields: string[]): DaemonRequest {
  const [, , , mode, shell, realShell, cwd] = fields;
  if (mode !== 'run' && mode !== 'check') throw new Error(`unknown mode '${mode}'`);
  if (shell !== 'bash' && shell !== 'sh') throw new Error(`unknown shell '${shell}'`);
  if (!realShell?.startsWith('/') || !cwd?.startsWith('/')) throw new Error('the real shell and cwd must be absolute');
  const args = takeList(fields, 7);
  const envList = takeList(fields, args.next);
  if (envList.next !== fields.length) throw new Error('trailing fields after the environment');
  const env: Record<string, string> = {};
  for (const entry of envList.list) {
    const eq = entry.indexOf('=');
    // Like execve's environ: the first assignment of a name wins for getenv, so keep the first.
    if (eq > 0 && !(entry.slice(0, eq) in env)) env[entry.slice(0, eq)] = entry.slice(eq + 1);
  }
  return { mode, shell, realShell, cwd, args: args.list, env };
}
