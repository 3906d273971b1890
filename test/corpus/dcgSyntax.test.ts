// Issue 18's evidence: the dcg corpus's benign (`allow`) cases get no `syntax.*` refusal when every
// construct they use is inside the supported subset. The cases that are refused for syntax today are
// listed, with the construct each uses, in dcgSyntax.known.json: the ones waiting for a feature in
// flight (`until`: heredoc, expand) and the ones whose construct stays outside the subset. The list
// must stay exact both ways, so it shrinks as features land: a new refusal fails, and so does a
// listed case that is no longer refused (or refused for other codes).
import { beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { reviewCommand } from '../../src/domain/review/reviewCommand.js';
import { defaultConfig } from '../../src/domain/defaultConfig.js';
import { permissiveFakeHostFacts } from '../domain/review/fakeHostFacts.js';
import { withRealGrammar } from '../domain/review/grammarFacts.js';
import type { HostFacts } from '../../src/domain/reviewRequest.js';
import { readDcgCases } from './dcgCorpus.js';

interface Known { file: string; command: string; construct: string; until: 'heredoc' | 'expand' | 'outside'; codes: string[] }
const known: Known[] = (JSON.parse(readFileSync(new URL('./dcgSyntax.known.json', import.meta.url), 'utf8')) as { cases: Known[] }).cases;
const benign = readDcgCases(new URL('../fixtures/dcg', import.meta.url).pathname).filter((c) => c.expected === 'allow');
const config = defaultConfig();
let facts: HostFacts = permissiveFakeHostFacts();
beforeAll(async () => { facts = await withRealGrammar(facts); });

/** The sorted, distinct syntax.* codes of the review's verdict (any decision: a syntax ask counts too). */
const syntaxCodes = (command: string): string[] =>
  [...new Set(reviewCommand({ command, cwd: '/work/proj' }, config, facts).verdict.reasons.map((r) => r.code).filter((c) => c.startsWith('syntax.')))].sort();

describe('dcg benign corpus: no syntax.* refusal inside the supported subset', () => {
  it('every benign case refused for syntax is a known one, for the listed codes', () => {
    const knownBy = new Map(known.map((k) => [`${k.file}\0${k.command}`, k]));
    const unexpected: string[] = [];
    const changed: string[] = [];
    const seen = new Set<string>();
    for (const c of benign) {
      const key = `${c.file}\0${c.command}`;
      const codes = syntaxCodes(c.command);
      const k = knownBy.get(key);
      if (k) seen.add(key);
      if (codes.length === 0 && !k) continue;
      if (!k) unexpected.push(`${c.file}: ${JSON.stringify(c.command)} → ${codes.join(',')}`);
      else if (codes.join(',') !== [...k.codes].sort().join(',')) changed.push(`${c.file}: ${JSON.stringify(c.command)} (${k.construct}, until ${k.until}) → ${codes.join(',') || 'no syntax refusal'}: update or remove its entry`);
    }
    const missing = known.filter((k) => !seen.has(`${k.file}\0${k.command}`)).map((k) => `${k.file}: ${JSON.stringify(k.command)} is not a benign corpus case`);
    const by = (u: Known['until']) => known.filter((k) => k.until === u).length;
    console.log(`dcg benign cases: ${benign.length}; refused for syntax: ${known.length} known (pending heredoc ${by('heredoc')}, expand ${by('expand')}; outside the subset ${by('outside')}), ${unexpected.length} unexpected`);
    expect(unexpected, 'benign cases refused for syntax that are not listed in dcgSyntax.known.json').toEqual([]);
    expect(changed, 'listed cases whose refusal changed').toEqual([]);
    expect(missing).toEqual([]);
  });

  it('the known list names a construct and where it stands for each case, once', () => {
    const keys = known.map((k) => `${k.file}\0${k.command}`);
    expect(new Set(keys).size).toBe(keys.length);
    for (const k of known) {
      expect(k.construct.length, k.command).toBeGreaterThan(0);
      expect(['heredoc', 'expand', 'outside']).toContain(k.until);
      expect(k.codes.length, k.command).toBeGreaterThan(0);
    }
  });
});
