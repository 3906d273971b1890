import type { AuditRecord } from '../ports/auditLog.js';
import { parseRecordLine, recordTimeMs } from '../auditQuery/auditFilter.js';
import { makeVisible } from '../../domain/audit/makeVisible.js';

/**
 * Was a project config changed by the agent? shimctl cannot know who wrote a file, so this is
 * evidence, not proof: the file's ctime (the kernel sets it on every create, write, rename and
 * chmod; `touch -d` and `cp -p` cannot set it back) compared with what the audit log says the
 * agents were running at that moment.
 *
 * - `during-command`: the change happened while an agent's command was running (its record's
 *   start to start + duration, with a little slack). Usually that command wrote it; a person
 *   editing the file in their own terminal at the same moment looks the same.
 * - `during-session`: no command window matches, but an agent session had commands before and
 *   after the change (a background process it started, or a person, or an unreviewed writer).
 *
 * Not seen: changes whose records were rotated away or never written (commands still running
 * are recorded when they end), changes by an agent outside shimctl, and anything when the
 * clock was changed. A file with no match is not proof the person wrote it.
 */
export interface AgentChange {
  how: 'during-command' | 'during-session';
  agent?: string;
  session?: string;
  /** The command whose run covers the change (`during-command` only), as recorded (redacted). */
  command?: string;
  recordId?: string;
  /** When the command or session started, ISO. */
  at: string;
}

/** Slack around a command's window: the record's start is taken before the shell starts. */
const BEFORE_MS = 1_000;
const AFTER_MS = 2_000;
/** Consecutive records that ended this long before the change, after which the scan stops. */
const STOP_AFTER_MS = 15 * 60_000;
const OLD_RUN_TO_STOP = 200;

const isAgentRecord = (r: AuditRecord): boolean => r.agent !== undefined || r.session !== undefined;

/** Scans audit lines newest first; reads only back to a little before the change. */
export function findAgentChange(changedMs: number, linesNewestFirst: Iterable<string>): AgentChange | undefined {
  const sessions = new Map<string, { first: number; last: number; agent?: string }>();
  let oldRun = 0;
  for (const line of linesNewestFirst) {
    const r = parseRecordLine(line);
    if (!r || !isAgentRecord(r)) continue;
    const start = recordTimeMs(r);
    if (!Number.isFinite(start)) continue;
    const end = start + (typeof r.durationMs === 'number' && r.durationMs >= 0 ? r.durationMs : 0);
    if (
      r.decision === 'allow' &&
      typeof r.durationMs === 'number' &&
      changedMs >= start - BEFORE_MS &&
      changedMs <= end + AFTER_MS
    ) {
      return {
        how: 'during-command',
        agent: r.agent,
        session: r.session,
        command: r.reviewed ?? r.command,
        recordId: r.id,
        at: r.ts,
      };
    }
    if (r.session) {
      const s = sessions.get(r.session) ?? { first: start, last: end, agent: r.agent };
      s.first = Math.min(s.first, start);
      s.last = Math.max(s.last, end);
      sessions.set(r.session, s);
    }
    oldRun = end < changedMs - STOP_AFTER_MS ? oldRun + 1 : 0;
    if (oldRun >= OLD_RUN_TO_STOP) break;
  }
  for (const [session, s] of sessions) {
    if (s.first <= changedMs && changedMs <= s.last)
      return { how: 'during-session', agent: s.agent, session, at: new Date(s.first).toISOString() };
  }
  return undefined;
}

/** Recorded text is the agent's: shown with its controls escaped and cut short. */
const shown = (text: string | undefined, max: number): string => {
  const v = makeVisible(text ?? '?');
  return v.length > max ? `${v.slice(0, max - 1)}…` : v;
};

/** One line for a person. */
export function describeAgentChange(c: AgentChange): string {
  const who = `${shown(c.agent ?? 'an agent', 40)}${c.session ? ` (session ${shown(c.session, 60)})` : ''}`;
  return c.how === 'during-command'
    ? `changed while ${who} was running \`${shown(c.command, 120)}\` (started ${c.at}, audit record ${shown(c.recordId, 60)}): probably written by the agent`
    : `changed during an active session of ${who} (started ${c.at}), not during any recorded command: a background process, an unreviewed writer or you`;
}
