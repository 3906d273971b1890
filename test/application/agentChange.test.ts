// Evidence that a project config was written by an agent: the file's ctime against the command
// windows and sessions the audit log records (application/config/agentChange.ts).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { describeAgentChange, findAgentChange } from '../../src/application/config/agentChange.js';

interface Case {
  name: string;
  changed: string;
  expect: Record<string, string> | null;
  described?: string;
}
const table = JSON.parse(readFileSync(new URL('./agentChange.cases.json', import.meta.url), 'utf8')) as {
  records: object[];
  cases: Case[];
};
// The log is read newest first, as the real reader yields it.
const newestFirst = table.records.map((r) => JSON.stringify(r)).reverse();

describe('findAgentChange', () => {
  for (const c of table.cases) {
    it(c.name, () => {
      const found = findAgentChange(Date.parse(c.changed), newestFirst);
      if (c.expect === null) expect(found).toBeUndefined();
      else expect(found).toMatchObject(c.expect);
      if (c.described) expect(describeAgentChange(found!)).toContain(c.described);
    });
  }

  it('skips torn lines and stops reading long before the change', () => {
    let read = 0;
    function* lines(): Generator<string> {
      yield '{"torn';
      for (let i = 0; i < 100_000; i++) {
        read++;
        yield JSON.stringify({
          id: `o${i}`,
          ts: new Date(Date.parse('2026-12-01T00:00:00Z') - i * 1000).toISOString(),
          agent: 'a',
          session: 'old',
          decision: 'allow',
          durationMs: 1,
        });
      }
    }
    expect(findAgentChange(Date.parse('2026-12-01T06:00:00Z'), lines())).toBeUndefined();
    expect(read).toBeLessThan(1_000);
  });
});
