// The history lister against repositories real git wrote, checked against an independent reading:
// every tree of every commit `git rev-list --all --reflog` names, listed with `ls-tree -r`.
import { existsSync, readdirSync, statSync, utimesSync, writeFileSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  gitChangedPathsOf,
  gitHeadOf,
  gitHistoryOf,
  gitObjectsOf,
} from '../../../src/infrastructure/hostFacts/gitHistory.js';
import { git } from '../../support/hermeticGit.js';
import { tempDir } from '../../support/tempDirs.js';

function put(dir: string, rel: string, text = `${rel}\n`): void {
  mkdirSync(join(dir, rel, '..'), { recursive: true });
  writeFileSync(join(dir, rel), text);
}

function commitAll(dir: string, message = 'c'): void {
  git(dir, 'add', '-A');
  git(dir, '-c', 'user.name=t', '-c', 'user.email=t@t.invalid', 'commit', '-qm', message);
}

/** The oracle: the union of the trees of every commit reachable from a ref or a reflog entry. */
function everyTreePath(dir: string): string[] {
  const commits = git(dir, 'rev-list', '--all', '--reflog').split('\n').filter(Boolean);
  const names = new Set<string>();
  for (const c of commits)
    for (const n of git(dir, 'ls-tree', '-r', '--name-only', '-z', c).split('\0')) if (n) names.add(n);
  return [...names].sort();
}

/** Moves every file of a git directory 10 s into the past, out of the "racily clean" window. */
function settle(gitDir: string): void {
  const past = new Date(Date.now() - 10_000);
  const walk = (p: string) => {
    if (statSync(p).isDirectory()) for (const n of readdirSync(p)) walk(join(p, n));
    utimesSync(p, past, past);
  };
  walk(gitDir);
}

/** Moves these files' times 10 s into the past (their ctime becomes now). */
function age(...files: string[]): void {
  const past = new Date(Date.now() - 10_000);
  for (const f of files) utimesSync(f, past, past);
}

/**
 * A history with every shape a path can hide in: removed from the index and committed (`.env`),
 * a commit only the reflog still names (`id_rsa`), a stash with an untracked file (`stashed.key`),
 * a path only a merge commit adds (`merged-only.pem`), and a branch of its own (`side.txt`).
 */
function richRepo(): string {
  const dir = tempDir('shimctl-githistory-');
  git(dir, 'init', '-q', '-b', 'main');
  put(dir, 'README.md');
  put(dir, '.env', 'KEY=x\n');
  commitAll(dir);
  git(dir, 'rm', '-q', '--cached', '.env');
  rmSync(join(dir, '.env'));
  commitAll(dir, 'drop .env');
  put(dir, 'keys/id_rsa');
  commitAll(dir, 'oops');
  git(dir, 'reset', '-q', '--hard', 'HEAD~1');
  git(dir, 'checkout', '-q', '-b', 'side');
  put(dir, 'side.txt');
  commitAll(dir, 'side');
  git(dir, 'checkout', '-q', 'main');
  put(dir, 'main.txt');
  commitAll(dir, 'main');
  git(dir, '-c', 'user.name=t', '-c', 'user.email=t@t.invalid', 'merge', '-q', '--no-commit', 'side');
  put(dir, 'merged-only.pem');
  git(dir, 'add', 'merged-only.pem');
  git(dir, '-c', 'user.name=t', '-c', 'user.email=t@t.invalid', 'commit', '-qm', 'merge');
  git(dir, 'rm', '-q', 'merged-only.pem');
  commitAll(dir, 'drop pem');
  put(dir, 'stashed.key');
  git(dir, '-c', 'user.name=t', '-c', 'user.email=t@t.invalid', 'stash', '-q', '-u');
  return dir;
}

describe('gitHistoryOf: every path the history holds', () => {
  it('matches the trees of every reachable commit, reflog and stash included', () => {
    const dir = richRepo();
    const fact = gitHistoryOf(dir);
    if (!('paths' in fact)) throw new Error(fact.problem);
    expect([...fact.paths].sort()).toEqual(everyTreePath(dir));
    for (const p of ['.env', 'keys/id_rsa', 'stashed.key', 'merged-only.pem', 'side.txt'])
      expect(fact.paths, p).toContain(p);
  });

  it('a linked worktree lists the main repository history (its refs live in the common directory)', () => {
    const dir = richRepo();
    const wt = join(tempDir('shimctl-githistory-wt-'), 'wt');
    git(dir, 'worktree', 'add', '-q', wt, 'side');
    const fact = gitHistoryOf(wt);
    if (!('paths' in fact)) throw new Error(fact.problem);
    expect([...fact.paths].sort()).toEqual(everyTreePath(dir));
  });

  it('keeps its answer while the refs are unchanged, and sees a new commit', () => {
    const dir = richRepo();
    settle(join(dir, '.git'));
    const first = gitHistoryOf(dir);
    expect(gitHistoryOf(dir)).toBe(first);
    // Settled again after each change, so the key itself (not the 2 s rule) must tell.
    put(dir, 'later.secret');
    commitAll(dir, 'later');
    settle(join(dir, '.git'));
    const after = gitHistoryOf(dir);
    expect('paths' in after && after.paths).toContain('later.secret');
    expect(gitHistoryOf(dir)).toBe(after);
    // A ref moved back, then a commit of the same branch: the old tip is named by the reflog only.
    git(dir, 'reset', '-q', '--hard', 'HEAD~1');
    put(dir, 'after-reset.txt');
    commitAll(dir, 'after reset');
    settle(join(dir, '.git'));
    const again = gitHistoryOf(dir);
    expect('paths' in again && again.paths).toEqual(expect.arrayContaining(['later.secret', 'after-reset.txt']));
    // A new stash entry (refs/stash and its reflog).
    put(dir, 'stash2.key');
    git(dir, '-c', 'user.name=t', '-c', 'user.email=t@t.invalid', 'stash', '-q', '-u');
    settle(join(dir, '.git'));
    const stashed = gitHistoryOf(dir);
    expect('paths' in stashed && stashed.paths).toContain('stash2.key');
  });

  it('a repository without commits has no history; a fresh one with a commit has its paths', () => {
    const dir = tempDir('shimctl-githistory-empty-');
    git(dir, 'init', '-q');
    expect(gitHistoryOf(dir)).toEqual({ paths: [], commits: new Set() });
    expect(gitHeadOf(dir)).toEqual({ tree: [], changes: [] });
  });

  it('a partial clone that may lack trees is not listed (git would fetch them); blob:none is', () => {
    const dir = richRepo();
    git(dir, 'config', 'remote.origin.url', 'https://example.invalid/r.git');
    git(dir, 'config', 'remote.origin.promisor', 'true');
    git(dir, 'config', 'remote.origin.partialclonefilter', 'tree:0');
    const fact = gitHistoryOf(dir);
    expect('problem' in fact && fact.problem).toMatch(/partial clone/);
    git(dir, 'config', 'remote.origin.partialclonefilter', 'blob:none');
    expect('paths' in gitHistoryOf(dir)).toBe(true);
  });

  it('outside a repository: a problem, never an empty history', () => {
    const dir = tempDir('shimctl-githistory-none-');
    expect('problem' in gitHistoryOf(dir)).toBe(true);
  });
});

describe('gitObjectsOf: what revisions name, placed against the listed commits', () => {
  it('commits (also through tags, message searches and reflog entries), blobs, trees, unreachable commits, nothing', () => {
    const dir = richRepo();
    git(dir, '-c', 'user.name=t', '-c', 'user.email=t@t.invalid', 'tag', '-a', '-m', 'annotated', 'v1', 'HEAD~1');
    git(dir, 'tag', 'treetag', 'HEAD^{tree}');
    const blob = git(dir, 'hash-object', '-w', '--stdin').trim(); // stdin is empty: the empty blob
    const dangling = git(
      dir,
      '-c',
      'user.name=t',
      '-c',
      'user.email=t@t.invalid',
      'commit-tree',
      '-m',
      'dangling',
      'HEAD^{tree}',
    ).trim();
    const history = gitHistoryOf(dir);
    if (!('commits' in history)) throw new Error('problem' in history ? history.problem : 'no commits');
    const names = [
      'HEAD~1',
      'v1',
      ':/drop pem',
      'HEAD@{1}',
      'stash@{0}',
      blob.slice(0, 10),
      'treetag',
      dangling,
      'nosuch',
    ];
    const fact = gitObjectsOf(dir, names);
    if (!('objects' in fact)) throw new Error(fact.problem);
    const at = (n: string) => fact.objects.get(n);
    const revParse = (n: string) => git(dir, 'rev-parse', '--verify', '-q', n.startsWith(':/') ? n : `${n}^{}`).trim();
    for (const n of ['HEAD~1', 'v1', ':/drop pem', 'HEAD@{1}', 'stash@{0}']) {
      expect(at(n), n).toEqual({ id: revParse(n), type: 'commit' });
      expect(history.commits.has(at(n)!.id), n).toBe(true);
    }
    expect(at(blob.slice(0, 10))).toEqual({ id: blob, type: 'blob' });
    expect(at('treetag')?.type).toBe('tree');
    expect(at(dangling)).toEqual({ id: dangling, type: 'commit' });
    expect(history.commits.has(dangling)).toBe(false);
    expect(at('nosuch')).toBeUndefined();
    expect(history.commits.size).toBe(git(dir, 'rev-list', '--all', '--reflog').split('\n').filter(Boolean).length);
  });

  it('a name kept under the refs is resolved again when FETCH_HEAD moves (no ref does)', () => {
    const dir = richRepo();
    const other = richRepo();
    put(other, 'fetched-only.key');
    commitAll(other, 'elsewhere');
    git(dir, 'fetch', '-q', '.', 'HEAD');
    settle(join(dir, '.git'));
    const before = gitObjectsOf(dir, ['FETCH_HEAD']);
    expect('objects' in before && before.objects.get('FETCH_HEAD')?.id).toBe(git(dir, 'rev-parse', 'HEAD').trim());
    git(dir, 'fetch', '-q', other, 'HEAD');
    // Only the file git wrote is aged (a full settle would change every file's ctime, and so the key).
    age(join(dir, '.git', 'FETCH_HEAD'));
    const after = gitObjectsOf(dir, ['FETCH_HEAD']);
    const fetched = git(other, 'rev-parse', 'HEAD').trim();
    expect('objects' in after && after.objects.get('FETCH_HEAD')?.id).toBe(fetched);
    const history = gitHistoryOf(dir);
    expect('commits' in history && history.commits.has(fetched)).toBe(false);
  });

  it("a linked worktree's detached commit changes the main repository's answer", () => {
    const dir = richRepo();
    const wt = join(tempDir('shimctl-githistory-wt-'), 'wt');
    git(dir, 'worktree', 'add', '-q', '--detach', wt, 'HEAD');
    settle(join(dir, '.git'));
    const first = gitHistoryOf(dir);
    expect(gitHistoryOf(dir)).toBe(first);
    put(wt, 'detached.key');
    commitAll(wt, 'detached');
    age(join(dir, '.git', 'worktrees', 'wt', 'HEAD'), join(dir, '.git', 'worktrees', 'wt', 'logs', 'HEAD'));
    const after = gitHistoryOf(dir);
    expect('paths' in after && after.paths).toContain('detached.key');
  });

  it('a name with a newline is not sent to git line by line', () => {
    const dir = richRepo();
    expect('problem' in gitObjectsOf(dir, ['HEAD\nv1'])).toBe(true);
  });
});

describe('gitHeadOf: what HEAD alone prints from', () => {
  it("HEAD's tree, and the paths HEAD changes against its parent (a deletion among them)", () => {
    const dir = tempDir('shimctl-githead-');
    git(dir, 'init', '-q');
    put(dir, 'README.md');
    put(dir, '.env');
    commitAll(dir);
    git(dir, 'rm', '-q', '.env');
    put(dir, 'src/a.ts');
    commitAll(dir, 'drop .env');
    const fact = gitHeadOf(dir);
    if (!('tree' in fact)) throw new Error(fact.problem);
    expect([...fact.tree].sort()).toEqual(['README.md', 'src/a.ts']);
    expect([...fact.changes].sort()).toEqual(['.env', 'src/a.ts']);
  });

  it('a merge commit: what it changes against each parent', () => {
    const dir = richRepo();
    git(dir, 'checkout', '-q', 'HEAD~1'); // the merge
    const fact = gitHeadOf(dir);
    if (!('tree' in fact)) throw new Error(fact.problem);
    expect(fact.changes).toEqual(expect.arrayContaining(['merged-only.pem', 'side.txt', 'main.txt']));
  });
});

describe('gitChangedPathsOf: what a show or diff of named revisions prints from', () => {
  /** c1 adds .env and README, c2 deletes .env, c3 changes README; the work tree changes src/a.ts. */
  function linear(): string {
    const dir = tempDir('shimctl-gitchanged-');
    git(dir, 'init', '-q');
    put(dir, 'README.md');
    put(dir, '.env');
    put(dir, 'src/a.ts');
    commitAll(dir, 'c1');
    git(dir, 'rm', '-q', '.env');
    commitAll(dir, 'c2');
    put(dir, 'README.md', 'changed\n');
    commitAll(dir, 'c3');
    put(dir, 'src/a.ts', 'edited\n');
    return dir;
  }
  const paths = (f: ReturnType<typeof gitChangedPathsOf>) => ('paths' in f ? [...f.paths].sort() : f.problem);

  it('show: what each commit changes against its parents', () => {
    const dir = linear();
    expect(paths(gitChangedPathsOf(dir, 'commits', ['HEAD~1']))).toEqual(['.env']);
    expect(paths(gitChangedPathsOf(dir, 'commits', ['HEAD']))).toEqual(['README.md']);
    expect(paths(gitChangedPathsOf(dir, 'commits', ['HEAD', 'HEAD~2']))).toEqual(['.env', 'README.md', 'src/a.ts']);
  });

  it('diff: two trees, a range, a merge base, a tree against the work tree or the index', () => {
    const dir = linear();
    expect(paths(gitChangedPathsOf(dir, 'diff', ['HEAD~2', 'HEAD']))).toEqual(['.env', 'README.md']);
    expect(paths(gitChangedPathsOf(dir, 'diff', ['HEAD~1..HEAD']))).toEqual(['README.md']);
    expect(paths(gitChangedPathsOf(dir, 'diff', ['HEAD~2...HEAD']))).toEqual(['.env', 'README.md']);
    expect(paths(gitChangedPathsOf(dir, 'diff', ['HEAD~1']))).toEqual(['README.md', 'src/a.ts']);
    expect(paths(gitChangedPathsOf(dir, 'diff-cached', ['HEAD~2']))).toEqual(['.env', 'README.md']);
  });

  it('log: what the commits it walks change, with its count limit', () => {
    const dir = linear();
    expect(paths(gitChangedPathsOf(dir, 'log', [], ['-1']))).toEqual(['README.md']);
    expect(paths(gitChangedPathsOf(dir, 'log', [], ['--max-count=2']))).toEqual(['.env', 'README.md']);
    expect(paths(gitChangedPathsOf(dir, 'log', ['HEAD~1..HEAD']))).toEqual(['README.md']);
    // A limit in another spelling is not passed on: the walk is the whole history.
    expect(paths(gitChangedPathsOf(dir, 'log', [], ['--since=1.day']))).toEqual(['.env', 'README.md', 'src/a.ts']);
  });

  it('a revision is never read as an option (--end-of-options), and replace refs are not narrowed', () => {
    const dir = linear();
    const out = join(dir, 'written-by-option');
    expect(typeof paths(gitChangedPathsOf(dir, 'diff', [`--output=${out}`]))).toBe('string');
    expect(existsSync(out)).toBe(false);
    git(dir, 'replace', 'HEAD~1', 'HEAD~2');
    expect(paths(gitChangedPathsOf(dir, 'commits', ['HEAD~1']))).toMatch(/replace refs/);
  });

  it('a partial clone that may lack trees is not asked either (git would fetch them)', () => {
    const dir = linear();
    git(dir, 'config', 'remote.origin.url', 'https://example.invalid/r.git');
    git(dir, 'config', 'remote.origin.promisor', 'true');
    git(dir, 'config', 'remote.origin.partialclonefilter', 'tree:0');
    expect(paths(gitChangedPathsOf(dir, 'diff', ['HEAD~2', 'HEAD']))).toMatch(/partial clone/);
  });
});
