import { beforeAll, describe, expect, it } from 'vitest';
import { reviewCommand } from '../../src/domain/review/reviewCommand.js';
import { defaultConfig } from '../../src/domain/defaultConfig.js';
import { permissiveFakeHostFacts } from '../domain/review/fakeHostFacts.js';
import { withRealGrammar } from '../domain/review/grammarFacts.js';
import type { HostFacts } from '../../src/domain/reviewRequest.js';
import { readDcgCases } from './dcgCorpus.js';

const root = new URL('../fixtures/dcg', import.meta.url).pathname;
const cases = readDcgCases(root);
const config = defaultConfig();
// Every bare name resolves: dcg's commands need not be installed here.
// With the real shell grammar, as shipped (compound commands judged part by part).
const plain = permissiveFakeHostFacts();
let facts: HostFacts = plain;
beforeAll(async () => { facts = await withRealGrammar(plain); });
const decide = (command: string) => reviewCommand({ command, cwd: '/work/proj' }, config, facts).verdict;
const syntaxRefused = (v: { decision: string; reasons: Array<{ code: string }> }) => v.decision === 'block' && v.reasons.some((r) => r.code.startsWith('syntax.'));

describe('dcg corpus (shared/corpora/dcg)', () => {
  it('reads the corpus', () => {
    expect(cases.length).toBeGreaterThan(300);
    expect(cases.filter((c) => c.expected === 'deny').length).toBeGreaterThan(90);
  });

  describe('dcg deny ⇒ shimctl never allows', () => {
    for (const c of cases.filter((x) => x.expected === 'deny')) {
      it(`${c.file}: ${JSON.stringify(c.command).slice(0, 120)}`, () => {
        const v = decide(c.command);
        expect(v.decision, `${v.decision} ${v.reasons.map((r) => r.code).join(',')}`).not.toBe('allow');
      });
    }
  });

  it('dcg allow: shimctl allows at least a floor share, and the split is reported', () => {
    const allowCases = cases.filter((x) => x.expected === 'allow');
    const tally = { allow: 0, ask: 0, block: 0 };
    const blockedWhy = new Map<string, number>();
    for (const c of allowCases) {
      const v = decide(c.command);
      tally[v.decision]++;
      if (v.decision === 'block') for (const r of v.reasons) blockedWhy.set(r.code, (blockedWhy.get(r.code) ?? 0) + 1);
    }
    const share = (n: number) => `${((100 * n) / allowCases.length).toFixed(1)}%`;
    console.log(`dcg allow cases: ${allowCases.length}; shimctl allow ${tally.allow} (${share(tally.allow)}), ask ${tally.ask} (${share(tally.ask)}), block ${tally.block} (${share(tally.block)})`);
    console.log(`block reasons on dcg-allow cases: ${[...blockedWhy].sort((a, b) => b[1] - a[1]).map(([k, n]) => `${k} ${n}`).join(', ')}`);
    const strictRefused = allowCases.filter((c) => syntaxRefused(reviewCommand({ command: c.command, cwd: '/work/proj' }, { ...config, syntax: 'strict' }, plain).verdict)).length;
    const structuredRefused = allowCases.filter((c) => syntaxRefused(decide(c.command))).length;
    console.log(`dcg allow cases refused for syntax: strict (before) ${strictRefused}, structured ${structuredRefused}`);
    expect(structuredRefused).toBeLessThan(strictRefused);
    // Floor measured when written (see docs/policy.md); a drop means a new false positive.
    expect(tally.allow / allowCases.length).toBeGreaterThanOrEqual(0.45);
  });
});
