/**
 * Who may answer an approval: a person at a terminal the agent does not share. Decided from
 * facts about processes (gathered by infrastructure from /proc), never from anything the agent's
 * commands can set (environment, files they may write, arguments).
 */

/** An agent started by a launcher and still running. */
export interface LiveAgent {
  pid: number;
  session?: string;
  /** Live session id and controlling terminal (0: none). */
  sid: number;
  ttyNr: number;
  /** What the launcher recorded at start (registry entries only). */
  recordedSid?: number;
  recordedTtyNr?: number;
  /** Hard RLIMIT_LOCKS of the agent: the launcher lowers it as a mark its descendants inherit. */
  locks?: number;
  source: 'registry' | 'process scan';
}

export interface AnswererFacts {
  /** stdin is a terminal and /dev/tty opens (the process has a controlling terminal). */
  terminal: boolean;
  sid: number;
  ttyNr: number;
  ttyName: string;
  /** Hard RLIMIT_LOCKS of this process (Infinity when unlimited); undefined when unknown. */
  locks?: number;
  /**
   * This process's ancestors, and those of its session leader and of its terminal's foreground
   * process group leader (a pty the agent opened has a leader that descends from the agent even
   * when this process does not), each pid once.
   */
  lineage: number[];
  /** Whether /proc was readable: without it only the terminal test applies. */
  procfs: boolean;
}

export interface AnswerPolicy {
  /** `approvals.answerWithoutTerminal` from the user's own config: scripts may answer. */
  answerWithoutTerminal: boolean;
}

/**
 * The hard file-locks limit a launcher gives its agent when it was unlimited (shims/launcher.sh
 * writes the same number). Linux has not enforced RLIMIT_LOCKS since 2.4.25, so it costs the
 * agent nothing; a finite limit at or below this marks a process started inside an agent, even
 * after that agent exited.
 */
export const LAUNCHER_LOCKS_MARK = 2147483647;

const who = (a: LiveAgent): string =>
  `the agent started by a launcher as pid ${a.pid}${a.session ? ` (session ${a.session.slice(0, 8)})` : ''}`;

/** Why this process must not answer, or undefined when it may. */
export function refuseAnswerer(me: AnswererFacts, agents: LiveAgent[], policy: AnswerPolicy): string | undefined {
  if (!me.terminal && !policy.answerWithoutTerminal) {
    return (
      'no terminal: answers must be typed in a terminal of your own (stdin a terminal, a controlling terminal). ' +
      'To let scripts answer, set "approvals": { "answerWithoutTerminal": true } in your user config (docs/approvals.md)'
    );
  }
  if (!me.procfs) return undefined;
  if (me.locks !== undefined && Number.isFinite(me.locks) && me.locks <= LAUNCHER_LOCKS_MARK) {
    return `this process carries the mark launchers put on agents (file-locks hard limit ${me.locks}, at most ${LAUNCHER_LOCKS_MARK}): it was started from inside an agent, and no process can raise the limit back`;
  }
  for (const a of agents) {
    if (me.lineage.includes(a.pid)) return `this process descends from ${who(a)}`;
    if (me.ttyNr !== 0 && (me.ttyNr === a.ttyNr || me.ttyNr === a.recordedTtyNr))
      return `this terminal (${me.ttyName}) is the one ${who(a)} runs in`;
    // A session shared without a terminal (the agent's siblings: its parent's other jobs, a test
    // runner's children) is not someone typing beside the agent; its descendants are caught above and below.
    if (me.ttyNr !== 0 && (me.sid === a.sid || me.sid === a.recordedSid))
      return `this process is in the terminal session of ${who(a)}`;
    // Descendants inherit the agent's lowered limit and cannot raise it again (that takes
    // CAP_SYS_RESOURCE): setsid, nohup, double forks and new ptys all keep it.
    if (
      me.locks !== undefined &&
      Number.isFinite(me.locks) &&
      a.locks !== undefined &&
      Number.isFinite(a.locks) &&
      me.locks <= a.locks
    ) {
      return `this process carries the mark the launcher put on ${who(a)} (file-locks limit ${me.locks}): it was started from inside that agent`;
    }
  }
  return undefined;
}
