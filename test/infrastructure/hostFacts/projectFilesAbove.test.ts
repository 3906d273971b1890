// The project files of other places a command reaches (attack pass 19, F6), read from real files
// with the loader's own finder: what each one protects, nearest first, where the walk stops, and
// files that cannot be read.
import { mkdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { entryKindsLister } from '../../../src/infrastructure/hostFacts/entryKinds.js';
import { listFilesUnder } from '../../../src/infrastructure/hostFacts/listFilesUnder.js';
import { projectFilesAboveLister } from '../../../src/infrastructure/hostFacts/projectFilesAbove.js';
import { type TempHome, makeTempHome } from '../config/tempHome.js';

let t: TempHome;
beforeEach(() => {
  t = makeTempHome();
});
afterEach(() => t.cleanup());

const NONE: ReadonlySet<string> = new Set();
const lookup = () => projectFilesAboveLister(t.home, entryKindsLister());

describe('projectFilesAbove', () => {
  it('lists each project file from the directory up, nearest first, expanded as the loader does', () => {
    const outer = t.write(join(t.project, '.shimctlrc.json'), '{"protectedPaths":["secrets/**"],"roots":["data"]}');
    const inner = t.write(
      join(t.project, 'pkg', 'package.json'),
      '{"shimctl":{"protectedPaths":["~/.pkgtoken","keys/*"]}}',
    );
    t.write(join(t.project, 'pkg', 'src', 'a.ts'), '');
    expect(lookup()(join(t.project, 'pkg', 'src'), NONE)).toEqual([
      { file: inner, protectedPaths: [join(t.home, '.pkgtoken'), join(t.project, 'pkg', 'keys/*')], roots: [] },
      { file: outer, protectedPaths: [join(t.project, 'secrets/**')], roots: [join(t.project, 'data')] },
    ]);
  });

  it('stops before a held directory (its files are in the config already), and never reads home or /', () => {
    t.write(join(t.project, '.shimctlrc.json'), '{"protectedPaths":["secrets/**"]}');
    t.write(join(t.home, '.shimctlrc.json'), '{"protectedPaths":["everything/**"]}');
    t.write(join(t.project, 'sub', 'x'), '');
    expect(lookup()(join(t.project, 'sub'), new Set([t.project]))).toEqual([]);
    expect(lookup()(join(t.project, 'sub'), NONE).map((f) => f.file)).toEqual([join(t.project, '.shimctlrc.json')]);
    expect(lookup()(t.home, NONE)).toEqual([]);
  });

  it('a package.json without a shimctl key is no project file; a missing directory has none', () => {
    t.write(join(t.project, 'package.json'), '{"name":"x"}');
    expect(lookup()(t.project, NONE)).toEqual([]);
    expect(lookup()(join(t.project, 'not', 'there'), NONE)).toEqual([]);
  });

  it.each([
    ['.shimctlrc.json', '{"protectedPaths": [', /syntax|JSON/i],
    ['.shimctlrc.js', 'module.exports = {}', /JavaScript/],
    ['.shimctlrc.json', '{"protectedPaths": ["~other/x"]}', /~user/],
    ['.shimctlrc.json', '{"protectedPaths": 3}', /protectedPaths|array/i],
  ])('%s holding %j is a problem, never silently nothing', (name, text, why) => {
    const file = t.write(join(t.project, name), text);
    const [found] = lookup()(t.project, NONE);
    expect(found?.file).toBe(file);
    expect(found && 'problem' in found ? found.problem : '').toMatch(why);
  });

  it('an answer kept from an earlier review is not used once the directory or the file changed', () => {
    const dir = join(t.project, 'lib');
    mkdirSync(dir);
    const hourAgo = new Date(Date.now() - 3_600_000);
    utimesSync(dir, hourAgo, hourAgo);
    // Settled for an hour: the answer "no project file here" is kept across reviews.
    expect(lookup()(dir, new Set([t.project]))).toEqual([]);
    const file = t.write(join(dir, '.shimctlrc.json'), '{"protectedPaths":["a"]}');
    expect(lookup()(dir, new Set([t.project]))).toEqual([{ file, protectedPaths: [join(dir, 'a')], roots: [] }]);
    utimesSync(file, hourAgo, hourAgo);
    utimesSync(dir, hourAgo, hourAgo);
    expect(lookup()(dir, new Set([t.project]))[0]).toMatchObject({ protectedPaths: [join(dir, 'a')] });
    writeFileSync(file, '{"protectedPaths":["b"]}');
    expect(lookup()(dir, new Set([t.project]))[0]).toMatchObject({ protectedPaths: [join(dir, 'b')] });
  });

  it('a tree walk fills the listings, so the files of its directories are found without reading them again', () => {
    const file = t.write(join(t.project, 'vendored', '.shimctlrc.json'), '{"protectedPaths":["keys/**"]}');
    t.write(join(t.project, 'vendored', 'keys', 'k'), 'x');
    const kinds = entryKindsLister();
    const walked = listFilesUnder(t.project, 1000, {}, kinds.record);
    expect(walked.files).toContain(file);
    // Removed after the walk: the answer can only come from the walk's listing of the directory
    // (and the file read, which the loader's finder still does by name).
    rmSync(join(t.project, 'vendored', 'keys'), { recursive: true });
    expect(kinds(join(t.project, 'vendored'))?.has('keys')).toBe(true);
    expect(projectFilesAboveLister(t.home, kinds)(join(t.project, 'vendored', 'keys'), NONE)).toEqual([
      { file, protectedPaths: [join(t.project, 'vendored', 'keys/**')], roots: [] },
    ]);
  });
});
