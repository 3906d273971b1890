// A repository nested in another (`git init sub`, a submodule, a vendored clone): the outer
// project's files still apply inside it (attack pass 16, P16-08: the search used to end at the
// nested `.git`, so the outer `.shimctlrc`'s protectedPaths stopped guarding `../secrets`).
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createConfigSource } from '../../../src/infrastructure/config/createConfigSource.js';
import { projectRoot, projectSearchDirs } from '../../../src/infrastructure/config/configFiles.js';
import { configFingerprint } from '../../../src/infrastructure/daemon/watchedConfigSource.js';
import { makeTempHome } from './tempHome.js';
import type { TempHome } from './tempHome.js';

let t: TempHome;
let sub: string;
beforeEach(() => {
  t = makeTempHome();
  sub = join(t.project, 'sub');
  mkdirSync(join(sub, '.git'), { recursive: true });
  t.write(join(t.project, '.shimctlrc.json'), JSON.stringify({ protectedPaths: ['secrets/**'] }));
});
afterEach(() => t.cleanup());

describe('project search through a nested repository', () => {
  it('applies the outer project file inside the nested repository', () => {
    const loaded = createConfigSource(t.paths).load(sub);
    if (loaded.kind !== 'ok') throw new Error(loaded.kind);
    expect(loaded.config.protectedPaths).toContain(join(t.project, 'secrets/**'));
    expect(projectSearchDirs(sub, t.home)).toEqual([sub, t.project, join(t.home, 'work')]);
  });

  it('goes on above the outermost repository: a folder of repositories may hold one file for all (attack pass 20, F4)', () => {
    // `work/` holds no `.git`; its file names places inside the repository below it.
    t.write(join(t.home, 'work', '.shimctlrc.json'), JSON.stringify({ protectedPaths: ['proj/secrets/**'] }));
    const loaded = createConfigSource(t.paths).load(sub);
    if (loaded.kind !== 'ok') throw new Error(loaded.kind);
    expect(loaded.config.protectedPaths).toContain(join(t.home, 'work', 'proj/secrets/**'));
  });

  it('a new `git init` inside a project does not cut its file off (attack pass 20, F5)', () => {
    const vault = join(t.project, 'vault');
    mkdirSync(join(vault, '.git'), { recursive: true });
    const loaded = createConfigSource(t.paths).load(vault);
    if (loaded.kind !== 'ok') throw new Error(loaded.kind);
    expect(loaded.config.protectedPaths).toContain(join(t.project, 'secrets/**'));
  });

  it('keeps project-scope approvals to the nearest repository', () => {
    expect(projectRoot(sub, t.home)).toBe(sub);
    expect(projectRoot(t.project, t.home)).toBe(t.project);
  });

  it("changes the resident process's config fingerprint when a file appears above the repository", () => {
    const before = configFingerprint(t.paths, t.project);
    t.write(join(t.home, 'work', '.shimctlrc.json'), '{}');
    expect(configFingerprint(t.paths, t.project)).not.toBe(before);
    expect(projectSearchDirs(t.project, t.home)).toEqual([t.project, join(t.home, 'work')]);
  });
});
