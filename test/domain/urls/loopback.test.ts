// Loopback dev-server checks as data (loopback.cases.json): the allowed spellings, every way an
// attacker could make a "loopback" request reach elsewhere or do more, the private, link-local
// and metadata ranges, and the settings that tighten back. Judged by the pure review: nothing
// here opens a socket.
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { defaultConfig } from '../../../src/domain/defaultConfig.js';
import type { LoopbackPolicy, PrivatePolicy } from '../../../src/domain/policyConfig.js';
import { reviewCommand } from '../../../src/domain/review/reviewCommand.js';
import type { HostFacts } from '../../../src/domain/reviewRequest.js';
import { fakeHostFacts } from '../review/fakeHostFacts.js';
import { withRealGrammar } from '../review/grammarFacts.js';

interface Case {
  command: string;
  expect: 'allow' | 'ask' | 'block';
  codes?: string[];
  absentCodes?: string[];
  risk?: string;
  urls?: { loopback?: LoopbackPolicy; private?: PrivatePolicy };
  note?: string;
}

const table = JSON.parse(readFileSync(new URL('./loopback.cases.json', import.meta.url), 'utf8')) as Record<
  'allowed' | 'refused' | 'blocked' | 'settings',
  Case[]
>;
// The real shell grammar, so `curl … | jq .` is judged part by part as on the interception path.
let facts: HostFacts;
beforeAll(async () => {
  facts = await withRealGrammar(fakeHostFacts());
});

function judge(c: Case) {
  const base = defaultConfig();
  const config = { ...base, urls: { ...base.urls, ...c.urls } };
  return reviewCommand({ command: c.command, cwd: '/work/proj' }, config, facts).verdict;
}

for (const group of ['allowed', 'refused', 'blocked', 'settings'] as const) {
  describe(`loopback requests: ${group}`, () => {
    it('has cases', () => expect(table[group].length).toBeGreaterThan(5));
    for (const c of table[group]) {
      it(`${c.command}${c.urls ? ` ${JSON.stringify(c.urls)}` : ''} => ${c.expect}${c.note ? ` [${c.note}]` : ''}`, () => {
        const v = judge(c);
        const codes = v.reasons.map((r) => r.code);
        const why = JSON.stringify(v.reasons);
        expect(v.decision, why).toBe(c.expect);
        if (c.risk) expect(v.risk, why).toBe(c.risk);
        for (const code of c.codes ?? []) expect(codes, why).toContain(code);
        for (const code of c.absentCodes ?? []) expect(codes, why).not.toContain(code);
      });
    }
  });
}

describe('the allowance names why it was not given', () => {
  it('a refused loopback request says what made it more than a read', () => {
    const v = judge({ command: 'curl -L http://localhost:3000', expect: 'ask' });
    expect(v.reasons.find((r) => r.code === 'url.localhost')?.message).toMatch(
      /redirect to the cloud metadata service/,
    );
  });
  it('wget is told how to check a dev server without asking', () => {
    const v = judge({ command: 'wget -qO- http://localhost:8080/', expect: 'ask' });
    expect(v.reasons.find((r) => r.code === 'url.localhost')?.message).toMatch(/--max-redirect=0/);
  });
});
