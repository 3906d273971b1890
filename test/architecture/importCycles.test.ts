// No import cycles anywhere in src (interfaces → application → domain, infrastructure, the
// composition root): a cycle makes a change in one file a change in all of them. Known cycles
// are listed with a reason in knownCycles.json, and that list may only shrink.
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cycles, importGraph } from './importGraph.js';
import known from './knownCycles.json' with { type: 'json' };

const root = resolve(import.meta.dirname, '../..');
const graph = importGraph(root, resolve(root, 'src'));
const found = cycles(graph);
// Typed by hand: an empty list in the JSON would type as never[].
const knownCycles = known.cycles as Array<{ reason: string; files: string[] }>;
const knownSets = knownCycles.map((c) => new Set(c.files));

describe('import cycles', () => {
  it('reads the whole source tree, every layer', () => {
    const layers = new Set([...graph.keys()].map((f) => f.split('/')[1]));
    expect([...layers].sort()).toEqual(['application', 'compositionRoot.ts', 'domain', 'infrastructure', 'interfaces']);
  });

  it('finds a cycle when there is one (the checker itself works)', () => {
    const g = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a']],
      ['d', ['a']],
    ]);
    expect(cycles(g)).toEqual([['a', 'b', 'c']]);
  });

  it('has no cycle that is not a known one', () => {
    const unknown = found.filter((c) => !knownSets.some((k) => c.every((f) => k.has(f))));
    expect(unknown, 'a new import cycle: break it (move the shared part into its own file)').toEqual([]);
  });

  it('lists no known cycle that is gone or smaller (shrink the list when one is broken)', () => {
    const stale = knownCycles.filter(
      (k) => !found.some((c) => c.length === k.files.length && c.every((f) => k.files.includes(f))),
    );
    expect(stale.map((k) => k.files)).toEqual([]);
  });
});
