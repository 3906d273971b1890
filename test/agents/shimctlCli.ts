// Runs the built CLI (bin/shimctl.cjs) the way a user would, in the test's throwaway HOME.
import { oneRecordPerCommand } from '../../src/application/auditQuery/selectRecords.js';
import { execa } from 'execa';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export const REPO = join(import.meta.dirname, '../..');
const CLI = join(REPO, 'bin/shimctl.cjs');

export async function shimctl(args: string[], env: { HOME: string; PATH: string }) {
  const r = await execa(process.execPath, [CLI, ...args], {
    env: { HOME: env.HOME, PATH: env.PATH },
    extendEnv: false,
    reject: false,
    timeout: 240_000,
  }); // install compiles the client: minutes on a loaded 2-core box
  return { exitCode: r.exitCode, stdout: String(r.stdout), stderr: String(r.stderr) };
}

/** Where `shimctl install` puts launchers and the audit log for this HOME (no XDG_* in tests). */
export function shimctlPaths(home: string) {
  return {
    launcherDir: join(home, '.local/share/shimctl/bin'),
    shimDir: join(home, '.local/share/shimctl/shims'),
    auditLog: join(home, '.local/state/shimctl/audit/audit.jsonl'),
  };
}

export interface AuditLine {
  decision: string;
  risk?: string;
  agent?: string;
  command?: string;
  argv?: string[];
  envelope?: string;
  reviewed?: string;
  reasons?: Array<{ code: string; message?: string }>;
  exitCode?: number;
  /** A compound command judged part by part (README audit schema). */
  parts?: Array<{ command: string; cwd?: string; decision: string }>;
  [key: string]: unknown;
}

/**
 * One record per decision, as `audit tail` shows them: a command that ran has a `phase: "start"`
 * record before it and a `phase: "end"` record after it (one id); the start goes when its end is there.
 */
export function readAudit(path: string): AuditLine[] {
  if (!existsSync(path)) return [];
  return oneRecordPerCommand(
    readFileSync(path, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as AuditLine),
  );
}
