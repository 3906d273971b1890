import { realpathSync, rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reviewCommand } from '../../../src/domain/review/reviewCommand.js';
import { defaultConfig } from '../../../src/domain/defaultConfig.js';
import type { HostFacts } from '../../../src/domain/reviewRequest.js';
import { listDir } from '../../../src/infrastructure/hostFacts/listDir.js';
import { fakeHostFacts } from './fakeHostFacts.js';
import { withRealGrammar } from './grammarFacts.js';
import { loadCases, rank } from './caseTable.js';
import type { ReviewCase } from './caseTable.js';
import { makeFixtureTree } from './expansion/fixtureTree.js';

// The review's own expansion of `$VAR` and globs, over a REAL directory tree (listDir is the real
// adapter); the rest of the host facts are the usual fake (commands resolve to /usr/bin/NAME).
type ExpansionCase = ReviewCase & { argv?: string[]; parts?: string[][]; run?: string | null };
const cases = loadCases(new URL('./expansion', import.meta.url).pathname) as ExpansionCase[];
let root = '';
let facts: HostFacts;
const fill = (s: string): string => s.replaceAll('@ROOT@', root);

beforeAll(async () => {
  root = realpathSync(makeFixtureTree());
  const home = `${root}/home/u`;
  facts = await withRealGrammar({
    ...fakeHostFacts({ home }),
    listDir,
    shellVars: { HOME: home, USER: 'u', PATH: '/usr/bin:/bin', SHELL: '/bin/bash', LANG: 'C.UTF-8', SPACEY: 'a b' },
  });
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('expansions done by the review (test/domain/review/expansion/*.jsonl)', () => {
  for (const c of cases) {
    const label = `${c.file}:${c.line} ${JSON.stringify(c.command)}`;
    it(label, () => {
      const r = reviewCommand(
        {
          command: fill(c.command!),
          cwd: fill(c.cwd ?? '@ROOT@/proj'),
          ...(c.hop ? { hop: c.hop } : {}),
          ...(c.agent ? { agent: c.agent } : {}),
        },
        defaultConfig(),
        facts,
      );
      const v = r.verdict;
      const codes = v.reasons.map((x) => x.code);
      const why = `${label} → ${v.decision}/${v.risk} ${codes.join(',')} ${v.reasons.map((x) => x.message).join(' | ')} argv=${JSON.stringify(r.normalized?.argv)} parts=${JSON.stringify(r.parts?.map((p) => p.argv))} run=${JSON.stringify(r.rewritten)}`;
      if (c.expect) expect(v.decision, why).toBe(c.expect);
      if (c.atLeast) expect(rank.decision(v.decision), why).toBeGreaterThanOrEqual(rank.decision(c.atLeast));
      if (c.minRisk) expect(rank.risk(v.risk), why).toBeGreaterThanOrEqual(rank.risk(c.minRisk));
      for (const code of c.codes ?? []) expect(codes, why).toContain(code);
      for (const code of c.absentCodes ?? []) expect(codes, why).not.toContain(code);
      if (c.argv) expect(r.normalized?.argv ?? r.parts?.[0]?.argv, why).toEqual(c.argv.map(fill));
      if (c.parts)
        expect(
          r.parts?.map((p) => p.argv),
          why,
        ).toEqual(c.parts.map((p) => p.map(fill)));
      if (c.run !== undefined) expect(r.rewritten, why).toBe(c.run === null ? undefined : fill(c.run));
    });
  }
});
