// argv0 and multi-call programs (issue 17, item 2): what `exec -a NAME` / `env -a NAME` runs is
// judged, not the program as written. Cases are data (argv0.cases.json).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { defaultConfig } from '../../../src/domain/defaultConfig.js';
import { reviewCommand } from '../../../src/domain/review/reviewCommand.js';
import { fakeHostFacts } from './fakeHostFacts.js';

interface Case {
  command: string;
  expect: string;
  codes?: string[];
  absentCodes?: string[];
  why?: string;
}
const table = JSON.parse(readFileSync(new URL('./argv0.cases.json', import.meta.url), 'utf8')) as {
  links: Record<string, string>;
  cases: Case[];
};
const facts = fakeHostFacts({ links: table.links });

describe('argv0: exec -a / env -a', () => {
  it.each(table.cases)('$command', (c) => {
    const v = reviewCommand({ command: c.command, cwd: '/work/proj' }, defaultConfig(), facts).verdict;
    const codes = v.reasons.map((r) => r.code);
    const why = `${c.command} → ${v.decision} ${codes.join(',')}`;
    expect(v.decision, why).toBe(c.expect);
    for (const code of c.codes ?? []) expect(codes, why).toContain(code);
    for (const code of c.absentCodes ?? []) expect(codes, why).not.toContain(code);
  });
});
