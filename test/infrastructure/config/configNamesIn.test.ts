// The config names of a directory, kept across requests while it is unchanged: what the resident
// process's fingerprint and the other projects' lookup rely on. Real files, real times.
import { mkdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { configNamesIn } from '../../../src/infrastructure/config/configNamesIn.js';
import { configFingerprint } from '../../../src/infrastructure/daemon/watchedConfigSource.js';
import { type TempHome, makeTempHome } from './tempHome.js';

let t: TempHome;
beforeEach(() => {
  t = makeTempHome();
});
afterEach(() => t.cleanup());

const hourAgo = () => new Date(Date.now() - 3_600_000);
const settle = (...paths: string[]) => {
  for (const p of paths) utimesSync(p, hourAgo(), hourAgo());
};

describe('configNamesIn', () => {
  it('sees a name added to or removed from a directory whose answer was kept', () => {
    const dir = join(t.project, 'a');
    mkdirSync(dir);
    settle(dir);
    expect(configNamesIn(dir)).toEqual([]);
    writeFileSync(join(dir, '.shimctlrc.json'), '{}');
    expect(configNamesIn(dir)).toEqual(['.shimctlrc.json']);
    settle(dir);
    expect(configNamesIn(dir)).toEqual(['.shimctlrc.json']);
    rmSync(join(dir, '.shimctlrc.json'));
    expect(configNamesIn(dir)).toEqual([]);
  });

  it('lists loaded and refused names, and none for a missing directory or a file', () => {
    const dir = join(t.project, 'b');
    mkdirSync(dir);
    for (const n of ['package.json', 'shimctl.config.mjs', 'notes.txt']) writeFileSync(join(dir, n), '{}');
    expect(configNamesIn(dir)).toEqual(['package.json', 'shimctl.config.mjs']);
    expect(configNamesIn(join(dir, 'missing'))).toEqual([]);
    expect(configNamesIn(join(dir, 'notes.txt'))).toEqual([]);
  });
});

describe('the resident process fingerprint with kept answers', () => {
  it('changes when a file appears in a settled directory above the project, or a settled file is edited', () => {
    const work = join(t.home, 'work');
    settle(t.project, work);
    const before = configFingerprint(t.paths, t.project);
    expect(configFingerprint(t.paths, t.project)).toBe(before);
    const file = t.write(join(work, '.shimctlrc.json'), '{"protectedPaths":["a"]}');
    const added = configFingerprint(t.paths, t.project);
    expect(added).not.toBe(before);
    settle(work, file);
    const settledPrint = configFingerprint(t.paths, t.project);
    writeFileSync(file, '{"protectedPaths":["b"]}');
    expect(configFingerprint(t.paths, t.project)).not.toBe(settledPrint);
  });

  it('stays the same when an unrelated file comes and goes in the project', () => {
    settle(t.project);
    const before = configFingerprint(t.paths, t.project);
    writeFileSync(join(t.project, 'out.txt'), 'x');
    expect(configFingerprint(t.paths, t.project)).toBe(before);
  });
});
