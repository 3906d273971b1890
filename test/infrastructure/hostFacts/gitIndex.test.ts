// The index reader against indexes real git wrote: every version, both object formats, linked
// worktrees, a fresh repository, a corrupt file; and its cost on a 50k-entry index.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { gitIndexOf, parseIndex } from '../../../src/infrastructure/hostFacts/gitIndex.js';
import { git } from '../../support/hermeticGit.js';
import { tempDir } from '../../support/tempDirs.js';

const FILES = ['.env', 'README.md', 'src/a.ts', 'src/deep/dir/b.ts', 'config/.env.production', 'ünï cödé.txt'];

function repo(init: string[] = []): string {
  const dir = tempDir('shimctl-gitindex-');
  for (const f of FILES) {
    mkdirSync(join(dir, f, '..'), { recursive: true });
    writeFileSync(join(dir, f), `${f}\n`);
  }
  git(dir, 'init', '-q', ...init);
  git(dir, 'add', '.');
  return dir;
}

/** What git itself says the index holds. */
function lsFiles(dir: string): string[] {
  return git(dir, '-c', 'core.quotePath=false', 'ls-files', '-z').split('\0').filter(Boolean);
}

describe('gitIndexOf: indexes real git wrote', () => {
  for (const [label, init, after] of [
    ['version 2', [], ['update-index', '--index-version', '2']],
    ['version 3 (an intent-to-add entry sets the extended flag)', [], ['add', '-N', 'late.txt']],
    ['version 4 (prefix-compressed names)', [], ['update-index', '--index-version', '4']],
    ['SHA-256 objects', ['--object-format=sha256'], ['update-index', '--index-version', '2']],
    ['SHA-256, version 4', ['--object-format=sha256'], ['update-index', '--index-version', '4']],
  ] as const) {
    it(label, () => {
      const dir = repo([...init]);
      if (after[0] === 'add') writeFileSync(join(dir, 'late.txt'), 'x\n');
      git(dir, ...after);
      const fact = gitIndexOf(join(dir, 'src', 'deep'));
      expect(fact?.root).toBe(dir);
      expect([...(fact?.paths ?? ['unread'])].sort()).toEqual(lsFiles(dir).sort());
      if (label.startsWith('version 3')) expect(readFileSync(join(dir, '.git', 'index')).readUInt32BE(4)).toBe(3);
    });
  }

  it('a fresh repository has no index: nothing is tracked', () => {
    const dir = tempDir('shimctl-gitindex-');
    git(dir, 'init', '-q');
    expect(gitIndexOf(dir)).toEqual({ root: dir, paths: [] });
  });

  it('outside any repository: undefined', () => {
    expect(gitIndexOf(tempDir('shimctl-gitindex-none-'))).toBeUndefined();
  });

  it('a linked worktree reads its own index through the gitdir: file', () => {
    const dir = repo();
    git(dir, '-c', 'user.email=a@b', '-c', 'user.name=a', 'commit', '-qm', 'i');
    const wt = join(tempDir('shimctl-gitindex-wt-'), 'wt');
    git(dir, 'worktree', 'add', '-q', wt);
    writeFileSync(join(wt, '.dev.vars'), 'K=1\n');
    git(wt, 'add', '.dev.vars');
    const fact = gitIndexOf(wt);
    expect(fact?.root).toBe(wt);
    expect(fact?.paths).toContain('.dev.vars');
    expect(gitIndexOf(dir)?.paths).not.toContain('.dev.vars');
  });

  it('a corrupt or truncated index is unknown (undefined paths), not empty', () => {
    const dir = repo();
    const index = join(dir, '.git', 'index');
    const good = readFileSync(index);
    writeFileSync(index, good.subarray(0, good.length - 30));
    expect(gitIndexOf(dir)).toEqual({ root: dir, paths: undefined });
    const bad = Buffer.from(good);
    bad[12 + 62] = 0x41; // inside the first entry's name padding or name
    bad.write('XXXX', 0, 'latin1');
    writeFileSync(index, bad);
    expect(gitIndexOf(dir)?.paths).toBeUndefined();
  });

  it('a split index (entries in sharedindex.*) is unknown', () => {
    const dir = repo();
    git(dir, 'update-index', '--split-index');
    expect(gitIndexOf(dir)?.paths).toBeUndefined();
  });

  it('sees a change: the same array while unchanged, a new one after git add', () => {
    const dir = repo();
    const a = gitIndexOf(dir)!.paths;
    expect(gitIndexOf(dir)!.paths).toBe(a);
    writeFileSync(join(dir, 'new.key'), 'k\n');
    git(dir, 'add', 'new.key');
    expect(gitIndexOf(dir)!.paths).toContain('new.key');
  });

  it('parseIndex refuses what is not an index', () => {
    expect(parseIndex(Buffer.from('not an index at all'))).toBeUndefined();
    expect(parseIndex(Buffer.from('DIRC\0\0\0\x05\0\0\0\0', 'latin1'))).toBeUndefined();
  });
});

describe('gitIndexOf: cost on a 50k-entry index', () => {
  it('cold parse and warm lookup', { timeout: 120_000 }, () => {
    const dir = tempDir('shimctl-gitindex-big-');
    git(dir, 'init', '-q');
    // 50k entries through update-index --index-info (one blob, many names): no 50k files on disk.
    const blob = git(dir, 'hash-object', '-w', '--stdin').trim() || git(dir, 'hash-object', '-w', 'README.md');
    const lines: string[] = [];
    for (let i = 0; i < 50_000; i++) lines.push(`100644 ${blob}\tpkg${i % 500}/src/module${i}/file${i}.ts`);
    lines.push(`100644 ${blob}\t.env`);
    const r = spawnSync('git', ['update-index', '--index-info'], { cwd: dir, input: lines.join('\n') + '\n' });
    expect(r.status).toBe(0);
    const t0 = process.hrtime.bigint();
    const cold = gitIndexOf(join(dir, 'pkg1'));
    const coldMs = Number(process.hrtime.bigint() - t0) / 1e6;
    expect(cold?.paths?.length).toBe(50_001);
    const n = 2000;
    const t1 = process.hrtime.bigint();
    for (let i = 0; i < n; i++) gitIndexOf(join(dir, 'pkg1'));
    const warmUs = Number(process.hrtime.bigint() - t1) / 1e3 / n;
    console.log(`gitIndexOf 50k entries: cold ${coldMs.toFixed(1)} ms, warm ${warmUs.toFixed(1)} µs`);
    // Warm it is two system calls (lstat .git, stat index); the bound leaves room for a loaded CI box.
    expect(warmUs).toBeLessThan(1000);
    expect(warmUs).toBeLessThan(coldMs * 1000);
  });
});
