// The answer rule as data: which facts about the answering process refuse it, and which do not.
// The same rule against real processes and terminals: humanTerminal.test.ts.
import { describe, expect, it } from 'vitest';
import type { AnswererFacts, LiveAgent } from '../../src/application/approvals/answererCheck.js';
import { refuseAnswerer } from '../../src/application/approvals/answererCheck.js';
import data from './answererCheck.cases.json' with { type: 'json' };

// A human at /dev/pts/3 in session 500, file locks unlimited (JSON null stands for Infinity).
const human: AnswererFacts = {
  terminal: true,
  sid: 500,
  ttyNr: 34819,
  ttyName: '/dev/pts/3',
  locks: Infinity,
  lineage: [600, 500, 400],
  procfs: true,
};
const agent: LiveAgent = { pid: 42, sid: 40, ttyNr: 34816, locks: 2147483647, source: 'registry' };
interface Case {
  why: string;
  me: Partial<Omit<AnswererFacts, 'locks'>> & { locks?: number | null };
  agents: Array<Partial<Omit<LiveAgent, 'locks'>> & { locks?: number | null }>;
  scripts?: boolean;
  refused: string | null;
}
const cases = data as Case[];
const ptsName = (n: number): string => `/dev/pts/${n - 34816}`;

describe('refuseAnswerer', () => {
  it.each(cases)('$why', ({ me, agents, scripts, refused }) => {
    const facts = { ...human, ...me, locks: me.locks === null ? Infinity : (me.locks ?? human.locks) } as AnswererFacts;
    facts.ttyName = facts.ttyNr === 0 ? 'none' : ptsName(facts.ttyNr);
    const live = agents.map(
      (a) => ({ ...agent, ...a, locks: a.locks === null ? Infinity : (a.locks ?? agent.locks) }) as LiveAgent,
    );
    const why = refuseAnswerer(facts, live, { answerWithoutTerminal: scripts === true });
    if (refused === null) expect(why).toBeUndefined();
    else expect(why).toContain(refused);
  });
});
