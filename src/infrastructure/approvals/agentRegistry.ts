import { readdirSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';
import type { LiveAgent } from '../../application/approvals/answererCheck.js';
import { readOwnedFile } from '../files/ownerOnlyFiles.js';
import { environOf, locksHardLimit, procStat } from './procFacts.js';

/** Where launchers record the agents they start (written by shims/launcher.sh, one file per session). */
export const agentsDir = (stateDir: string): string => join(stateDir, 'agents');

interface Entry {
  pid: number;
  start: number;
  sid: number;
  tty: number;
}

/** `pid=123 start=456 sid=123 tty=34816` (the launcher's line); undefined for anything else. */
function parseEntry(text: string): Entry | undefined {
  const fields = new Map(
    text
      .trim()
      .split(/\s+/)
      .map((kv) => kv.split('=', 2) as [string, string]),
  );
  const num = (k: string): number => Number(fields.get(k));
  const e = { pid: num('pid'), start: num('start'), sid: num('sid'), tty: num('tty') };
  return Object.values(e).every(Number.isInteger) && e.pid > 1 ? e : undefined;
}

/**
 * The agents launched by a launcher that are still running. Two sources, so that removing a
 * registry file hides nothing:
 * - the registry: an entry counts only while its pid runs with the recorded start time (a reused
 *   pid is another process). Entries of finished agents are removed here (the human's process
 *   may write the state directory; the agent's commands may not, `paths:self-protection`).
 * - a scan of /proc for processes whose environment at exec carries the launcher's markers
 *   (`SHIMCTL_SESSION` with `SHIMCTL_DEPTH=0`): the agent itself and its helpers. A command cannot
 *   rewrite another process's environment.
 */
export function liveAgents(stateDir: string): LiveAgent[] {
  const found = new Map<number, LiveAgent>();
  const dir = agentsDir(stateDir);
  let names: string[] = [];
  try {
    names = readdirSync(dir);
  } catch {
    // No registry yet (no agent launched since install) or not readable: the scan still runs.
  }
  for (const name of names) {
    if (name.startsWith('.')) continue;
    const text = readOwnedFile(join(dir, name), 4096)?.toString('utf8');
    const entry = text === undefined ? undefined : parseEntry(text);
    if (!entry) continue;
    const now = procStat(entry.pid);
    if (!now || now.startTime !== entry.start) {
      try {
        unlinkSync(join(dir, name));
      } catch {
        /* another answer removed it first */
      }
      continue;
    }
    found.set(entry.pid, {
      pid: entry.pid,
      session: name,
      sid: now.sid,
      ttyNr: now.ttyNr,
      recordedSid: entry.sid,
      recordedTtyNr: entry.tty,
      locks: locksHardLimit(entry.pid),
      source: 'registry',
    });
  }
  let pids: string[] = [];
  try {
    pids = readdirSync('/proc').filter((p) => /^\d+$/.test(p));
  } catch {
    return [...found.values()];
  }
  for (const p of pids) {
    const pid = Number(p);
    if (found.has(pid) || pid === process.pid) continue;
    const env = environOf(pid);
    const session = env.find((e) => e.startsWith('SHIMCTL_SESSION=') && e.length > 'SHIMCTL_SESSION='.length);
    if (!session || !env.includes('SHIMCTL_DEPTH=0')) continue;
    const now = procStat(pid);
    if (!now) continue;
    found.set(pid, {
      pid,
      session: session.slice('SHIMCTL_SESSION='.length),
      sid: now.sid,
      ttyNr: now.ttyNr,
      locks: locksHardLimit(pid),
      source: 'process scan',
    });
  }
  return [...found.values()];
}
