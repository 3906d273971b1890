// The patch reader git apply/am are judged by (review/gitPatches.ts): cases as data.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { patchEffects } from '../../../src/domain/toolModels/tools/git/patchText.js';

interface Case {
  name: string;
  text: string;
  strip?: number;
  directory?: string;
  links: { path: string; target?: string }[];
  writes: string[];
  deletes: string[];
  hidden?: boolean;
}

const cases = JSON.parse(readFileSync(join(import.meta.dirname, 'patchText.cases.json'), 'utf8')) as Case[];

describe('patchEffects', () => {
  it.each(cases.map((c) => [c.name, c] as const))('%s', (_, c) => {
    const e = patchEffects(c.text, c.strip ?? 1, c.directory);
    expect(e.links).toEqual(c.links.map((l) => ({ path: l.path, target: l.target })));
    expect(e.writes).toEqual(c.writes);
    expect(e.deletes).toEqual(c.deletes);
    expect(e.hidden !== undefined).toBe(c.hidden === true);
  });
});
