// Table-driven path cases against a real file system: real symlinks in a temporary HOME, resolved
// by the real host-facts adapter (no fake realpath).
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultConfig } from '../../../src/domain/defaultConfig.js';
import type { PathAccess } from '../../../src/domain/paths/judgePaths.js';
import { judgePaths } from '../../../src/domain/paths/judgePaths.js';
import { createHostFactsProvider } from '../../../src/infrastructure/hostFacts/createHostFactsProvider.js';
import { statePaths } from '../../../src/infrastructure/paths/statePaths.js';
import type { Fixture } from './fixtureHome.js';
import { makeFixture } from './fixtureHome.js';

interface Case {
  raw: string;
  access: PathAccess;
  recursive?: boolean;
  cwd?: string;
  roots?: string[];
  protectedPaths?: string[];
  decision: 'allow' | 'ask' | 'block';
  risk?: string;
  codes?: string[];
  mustInclude?: string[];
  resolved?: string;
  note?: string;
}

const cases: Case[] = JSON.parse(readFileSync(new URL('./judgePaths.cases.json', import.meta.url), 'utf8'));
let fx: Fixture;

beforeAll(() => {
  fx = makeFixture();
});
afterAll(() => fx.cleanup());

function run(c: Case) {
  const env = { HOME: fx.home, PATH: '/usr/bin:/bin' };
  const facts = createHostFactsProvider(statePaths(env)).facts(env);
  const config = {
    ...defaultConfig(),
    roots: (c.roots ?? []).map(fx.subst),
    protectedPaths: (c.protectedPaths ?? []).map(fx.subst),
  };
  const raw = fx.subst(c.raw);
  return {
    raw,
    result: judgePaths([{ raw, access: c.access, recursive: c.recursive ?? false }], {
      cwd: fx.subst(c.cwd ?? '$WS'),
      config,
      facts,
    }),
  };
}

describe('judgePaths (cases as data)', () => {
  it('has a few hundred cases', () => expect(cases.length).toBeGreaterThanOrEqual(150));
  for (const c of cases) {
    const title = `${c.access}${c.recursive ? ' -r' : ''} ${c.raw}${c.cwd ? ` (cwd ${c.cwd})` : ''} => ${c.decision}${c.note ? ` [${c.note}]` : ''}`;
    it(title, () => {
      const { raw, result } = run(c);
      const v = result.verdict;
      const codes = [...new Set(v.reasons.map((r) => r.code))].sort();
      expect(v.decision, JSON.stringify(v.reasons)).toBe(c.decision);
      if (c.risk) expect(v.risk).toBe(c.risk);
      if (c.codes) expect(codes).toEqual([...c.codes].sort());
      for (const code of c.mustInclude ?? []) expect(codes).toContain(code);
      expect(result.paths).toHaveLength(1);
      expect(result.paths[0]!.raw).toBe(raw);
      if (c.resolved) expect(result.paths[0]!.resolved).toBe(fx.subst(c.resolved));
      if (v.decision !== 'allow') expect(v.rule_ids.length).toBeGreaterThan(0);
    });
  }
});
