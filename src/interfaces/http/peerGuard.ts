import { refuseAnswerer } from '../../application/approvals/answererCheck.js';
import type { AnswererFacts } from '../../application/approvals/answererCheck.js';
import { liveAgents } from '../../infrastructure/approvals/agentRegistry.js';
import { gatedAmong } from '../../infrastructure/approvals/gatedAncestor.js';
import { ancestry, locksHardLimit, procStat, ttyName } from '../../infrastructure/approvals/procFacts.js';
import { loopbackPeerPids } from '../../infrastructure/http/loopbackPeer.js';

/**
 * Why the process at the other end of this connection must not answer an approval, or undefined
 * when it may: the CLI's rule (answererCheck, gatedAncestor) applied to the peer process found
 * through the kernel's socket table. A browser has no terminal; the bearer token and the Origin
 * check stand for "a person's own tool". A peer that cannot be found is refused (fail closed).
 */
export function refusePeer(
  peerPort: number,
  serverPort: number,
  shimDir: string,
  stateDir: string,
): string | undefined {
  const pids = loopbackPeerPids(peerPort, serverPort);
  if (pids.length === 0)
    return 'the connecting process could not be identified (only loopback TCP connections from this machine may answer)';
  for (const pid of pids) {
    const st = procStat(pid);
    if (!st) return `the connecting process ${pid} exited before it could be checked`;
    const lineage = new Set(ancestry(pid));
    for (const leader of [st.sid, st.tpgid]) if (leader > 1) for (const p of ancestry(leader)) lineage.add(p);
    const marked = gatedAmong(shimDir, [...lineage]);
    if (marked)
      return `process ${marked.pid}, the connecting process or one of its ancestors, runs inside a gated agent session (${marked.marker})`;
    const facts: AnswererFacts = {
      terminal: false,
      sid: st.sid,
      ttyNr: st.ttyNr,
      ttyName: st.ttyNr === 0 ? 'none' : ttyName(st.ttyNr),
      locks: locksHardLimit(pid),
      lineage: [...lineage],
      procfs: true,
    };
    const why = refuseAnswerer(facts, liveAgents(stateDir), { answerWithoutTerminal: true });
    if (why) return why.replace(/^this process/, `the connecting process ${pid}`);
  }
  return undefined;
}
