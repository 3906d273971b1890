// The protected-path index (by name, literal directory and `**` key segment) only narrows which
// patterns judgeOne tests: it must never drop one that matches. Random paths built from the
// patterns' own segments are checked against every pattern, one by one, with no index.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { defaultConfig } from '../../../src/domain/defaultConfig.js';
import { protectedIndexFor } from '../../../src/domain/paths/judgePaths.js';
import { containerMatches, globMatches } from '../../../src/domain/paths/pathGlob.js';
import type { HostFacts } from '../../../src/domain/reviewRequest.js';

const home = '/home/u';
const facts: HostFacts = {
  home,
  realpath: (p: string) => p,
  resolveCommand: () => undefined,
  fileId: () => undefined,
} as unknown as HostFacts;
const config = { ...defaultConfig(), protectedPaths: ['**/secrets/**', '~/vault/*.pem', '**/a*b/c'] };
const index = protectedIndexFor({ cwd: `${home}/work/proj`, config, facts });

// Every literal segment of every pattern, plus ordinary ones: paths that hit, nearly hit and miss.
const pieces = [
  ...new Set(index.resources.flatMap((r) => r.glob.pattern.split('/').filter((s) => s !== '' && !/[*?[]/.test(s)))),
  'src',
  'work',
  'proj',
  'x.pem',
  '1',
  'axb',
  'ab',
];
const paths = fc.oneof(
  fc.array(fc.constantFrom(...pieces), { minLength: 0, maxLength: 7 }).map((s) => `/${s.join('/')}`),
  fc.array(fc.constantFrom(...pieces), { minLength: 0, maxLength: 5 }).map((s) => [home, ...s].join('/')),
);

describe('protected-path index', () => {
  it('finds every pattern that matches a path, or whose container it is for a recursive access', () => {
    let hits = 0;
    fc.assert(
      fc.property(paths, fc.boolean(), (p, recursive) => {
        const listed = new Set(index.candidates(p, recursive));
        index.resources.forEach((r, i) => {
          const reaches = globMatches(r.glob, p) || (recursive && containerMatches(r.glob, p));
          if (!reaches) return;
          hits++;
          expect(index.mayMatch(p, recursive), `${p} may match ${r.glob.pattern}`).toBe(true);
          expect(listed.has(i), `${p} lists ${r.glob.pattern}`).toBe(true);
        });
      }),
      { numRuns: 5000 },
    );
    // The generator must reach patterns, or the property says nothing.
    expect(hits).toBeGreaterThan(500);
  });
});
