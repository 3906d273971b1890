import { closeSync, existsSync, openSync } from 'node:fs';
import { isatty } from 'node:tty';
import type { AnswererFacts } from '../../application/approvals/answererCheck.js';
import { ancestry, locksHardLimit, procStat, ttyName } from './procFacts.js';

/** True when this process has a controlling terminal: opening /dev/tty fails (ENXIO) without one. */
function hasControllingTerminal(): boolean {
  try {
    closeSync(openSync('/dev/tty', 'r'));
    return true;
  } catch {
    return false;
  }
}

/**
 * What the kernel says about the answering process. `setsid` drops the controlling terminal; a
 * pty the agent opens (`script`, `expect`, python's pty) is a new terminal whose session leader
 * descends from the agent, so the session leader's and the foreground group's ancestry are
 * walked too, not only our own.
 */
export function answererFacts(): AnswererFacts {
  const terminal = isatty(0) && hasControllingTerminal();
  const me = procStat('self');
  if (!me || !existsSync('/proc/self/limits'))
    return { terminal, sid: 0, ttyNr: 0, ttyName: 'none', lineage: [], procfs: false };
  const lineage = new Set(ancestry(me.pid));
  for (const leader of [me.sid, me.tpgid]) {
    if (leader > 1) for (const pid of ancestry(leader)) lineage.add(pid);
  }
  return {
    terminal,
    sid: me.sid,
    ttyNr: me.ttyNr,
    ttyName: me.ttyNr === 0 ? 'none' : ttyName(me.ttyNr),
    locks: locksHardLimit('self'),
    lineage: [...lineage],
    procfs: true,
  };
}
