import type { ArgTest } from '../../../policy/ruleTypes.js';
import type { Risk } from '../../../verdict.js';
import { argMatches, not, subFlag } from '../../../policy/ruleTypes.js';
import { hasFlag } from '../../../policy/argView.js';

/**
 * Every git spelling that discards uncommitted work, unreachable commits or history, as data: the
 * subcommand, what makes it discard, how bad it is, why, and examples both ways (checked by
 * test/domain/policy/ruleExamples.test.ts). policy/packs/git.ts makes each row an `ask` rule with code
 * `command.destructive`; the ids are stable. Long options match abbreviated (`--disc`), short
 * ones inside clusters (`-fd`), through argView's shared matcher.
 */
export interface GitDiscard {
  id: string;
  /** The subcommand word; '' when `when` checks it (several subcommands). */
  sub: string;
  when: ArgTest;
  risk: Risk;
  reason: string;
  match: string[];
  noMatch: string[];
}

/** Options of `checkout` that take the next word as their value (a new branch name). */
const CHECKOUT_VALUE_OPTS = new Set(['-b', '-B', '--orphan']);

/** `checkout`'s operands, values of `-b NAME`/`-B NAME`/`--orphan NAME` left out, and whether a `--` was seen. */
function checkoutOperands(rest: readonly string[]): { operands: string[]; dashes: boolean } {
  const operands: string[] = [];
  for (let i = 0; i < rest.length; i++) {
    const a = rest[i]!;
    if (a === '--') return { operands: operands.concat(rest.slice(i + 1)), dashes: true };
    if (CHECKOUT_VALUE_OPTS.has(a)) {
      i++;
      continue;
    }
    if (!a.startsWith('-') || a === '-') operands.push(a);
  }
  return { operands, dashes: false };
}

/**
 * A word that reads as a file, not a branch: `.`, `./x`, an absolute path, a glob, or a name with
 * a file extension (`main.go`; version tags such as `v1.2.3` excluded). A bare name (`README`,
 * `main`) is taken as a branch, as git does when both exist.
 */
function looksLikeFile(w: string): boolean {
  if (w === '.' || w === '..' || w.startsWith('./') || w.startsWith('../') || w.startsWith('/') || w.startsWith(':'))
    return true;
  if (/[*?[]/.test(w)) return true;
  return /\.[A-Za-z][A-Za-z0-9]{0,7}$/.test(w) && !/^v?\d+(\.\d+)+/.test(w);
}

/** `git checkout` overwrites working-tree files: any spelling that names paths, forces, or resets a branch. */
const checkoutDiscards: ArgTest = (v) => {
  const { operands, dashes } = checkoutOperands(v.rest);
  if (
    hasFlag(
      v.rest,
      'fBpm',
      '--force',
      '--theirs',
      '--ours',
      '--patch',
      '--pathspec-from-file',
      '--merge',
      '--overlay',
      '--no-overlay',
    )
  )
    return true;
  if (dashes && operands.length > 0) return true;
  // `checkout BRANCH FILE` (a tree-ish and paths), or one operand that names a file.
  return operands.length >= 2 || operands.some(looksLikeFile);
};

export const GIT_DISCARDS: readonly GitDiscard[] = [
  {
    id: 'git:discard-worktree',
    sub: 'checkout',
    when: checkoutDiscards,
    risk: 'medium',
    reason: 'checkout with paths, --force, --theirs/--ours or -B overwrites uncommitted changes in the working tree',
    match: [
      'git checkout -- file.txt',
      'git checkout main -- file.txt',
      'git checkout HEAD~1 file.txt',
      'git checkout .',
      'git checkout -f main',
      'git checkout --forc main',
      'git checkout --theirs file.txt',
      'git checkout --ours src/a.ts',
      'git checkout -B main origin/main',
      'git checkout -p',
      'git checkout src/app.ts',
      'git checkout -- .',
    ],
    noMatch: [
      'git checkout main',
      'git checkout -b feature/one',
      'git checkout -b x origin/x',
      'git checkout v1.2.3',
      'git checkout feature/x',
    ],
  },
  {
    id: 'git:switch-discard',
    sub: 'switch',
    when: subFlag('fC', '--force', '--discard-changes', '--force-create'),
    risk: 'medium',
    reason: 'switch --force/--discard-changes throws away local changes; -C/--force-create resets an existing branch',
    match: [
      'git switch -f main',
      'git switch --discard-changes main',
      'git switch --disc main',
      'git switch --force main',
      'git switch -C main',
      'git switch --force-create x origin/x',
    ],
    noMatch: ['git switch main', 'git switch -c feature', 'git switch -'],
  },
  {
    id: 'git:restore-worktree',
    sub: 'restore',
    when: (v) => !hasFlag(v.rest, 'S', '--staged') || hasFlag(v.rest, 'W', '--worktree'),
    risk: 'medium',
    reason: 'restore overwrites working-tree files with the index or --source, discarding uncommitted changes',
    match: [
      'git restore file.txt',
      'git restore .',
      'git restore --source=HEAD~2 file.txt',
      'git restore --staged --worktree file.txt',
      'git restore -SW file.txt',
      'git restore -p',
    ],
    noMatch: ['git restore --staged file.txt', 'git restore -S .'],
  },
  {
    id: 'git:reset-hard',
    sub: 'reset',
    when: subFlag('', '--hard', '--merge', '--keep'),
    risk: 'high',
    reason: '`git reset --hard` destroys uncommitted changes',
    match: [
      'git reset --hard',
      'git reset --hard HEAD~5',
      'git -C x reset --hard',
      'git reset --merge',
      'git reset --keep HEAD~1',
    ],
    noMatch: ['git reset HEAD~1'],
  },
  {
    id: 'git:rm-force',
    sub: 'rm',
    when: (v) => hasFlag(v.rest, 'rf', '--force', '--recursive') && !hasFlag(v.rest, '', '--cached'),
    risk: 'medium',
    reason: '`git rm -f` deletes files with uncommitted changes; `git rm -r` deletes whole trees from the working tree',
    match: ['git rm -rf .', 'git rm -r src', 'git rm -f a.txt', 'git rm --force a.txt', 'git rm --recursive src'],
    noMatch: ['git rm a.txt', 'git rm -r --cached .'],
  },
  {
    id: 'git:mv-force',
    sub: 'mv',
    when: subFlag('f', '--force'),
    risk: 'medium',
    reason: '`git mv -f` overwrites the destination file',
    match: ['git mv -f a.txt b.txt'],
    noMatch: ['git mv a.txt b.txt'],
  },
  {
    id: 'git:stash-discard',
    sub: 'stash',
    when: (v) => v.sub[1] === 'drop' || v.sub[1] === 'clear',
    risk: 'high',
    reason: 'dropping stashes loses work that exists nowhere else',
    match: ['git stash drop', 'git stash clear', 'git stash drop stash@{1}'],
    noMatch: ['git stash pop', 'git stash'],
  },
  {
    // Attack pass 18, F4: `merge --abort` is `reset --merge`, `rebase --abort` a hard reset to
    // ORIG_HEAD (it also deleted a file staged during the rebase), `--skip` drops the current patch
    // with its conflict resolution.
    id: 'git:abort-sequence',
    sub: '',
    when: (v) =>
      ['merge', 'rebase', 'cherry-pick', 'revert', 'am'].includes(v.sub[0] ?? '') &&
      hasFlag(v.rest, '', '--abort', '--skip'),
    risk: 'high',
    reason:
      '`--abort` resets the work tree to before the merge, rebase, cherry-pick, revert or am, and `--skip` drops the current step: conflict resolutions and files staged meanwhile are lost',
    match: [
      'git merge --abort',
      'git rebase --abort',
      'git rebase --skip',
      'git cherry-pick --abort',
      'git cherry-pick --skip',
      'git revert --abort',
      'git am --abort',
      'git am --skip',
      'git rebase --abo',
    ],
    noMatch: ['git merge --continue', 'git rebase --continue', 'git cherry-pick --quit', 'git merge main'],
  },
  {
    // Attack pass 18, F5: `stash -a` takes the ignored `.env` into the stash's third parent, which
    // `git show stash^3`, `git stash show -p -u` and `git log --all -p` print; the review does not
    // list what a stash holds. `-u` takes untracked files (a `.env` not yet ignored) the same way.
    id: 'git:stash-untracked',
    sub: 'stash',
    when: (v) =>
      (v.sub[1] === undefined || v.sub[1] === 'push' || v.sub[1] === 'save') &&
      hasFlag(v.rest, 'au', '--all', '--include-untracked'),
    risk: 'medium',
    reason:
      'stash -u/-a moves untracked (and with -a ignored) files out of the work tree into a stash commit, where git show and git log -p print them (.env files, keys): the review does not list them',
    match: [
      'git stash -a',
      'git stash -u',
      'git stash push --all',
      'git stash push --include-untracked -m x',
      'git stash save -a',
    ],
    noMatch: ['git stash', 'git stash push -m wip', 'git stash pop', 'git stash list'],
  },
  {
    // Attack pass 19, F10: `git fetch --prune ./empty 'refs/heads/*:refs/heads/*'` deleted every
    // local branch with its reflog; a forced refspec rewinds one (`git fetch . +main~3:feature`).
    id: 'git:fetch-rewrites-branches',
    sub: 'fetch',
    when: (v) => {
      // Refspecs `[+]SRC:DST` (not URLs); a DST outside refs/, or under heads/, tags/, stash, is local.
      const specs = v.rest
        .filter((a) => !a.startsWith('-') && !a.includes('://') && /^\+?[^:/]*(?:\/[^:]*)?:[^/]/.test(a))
        .map((a) => ({ forced: a.startsWith('+'), dst: a.slice(a.indexOf(':') + 1) }));
      const local = (d: string): boolean => !d.startsWith('refs/') || /^refs\/(?:heads\/|tags\/|stash)/.test(d);
      return (
        // Spelled out far enough to differ from --prune and --update-shallow (git takes unique prefixes).
        v.rest.some((a) => /^--prune-t/.test(a) || /^--update-h/.test(a)) ||
        specs.some((r) => r.forced && local(r.dst)) ||
        (hasFlag(v.rest, 'pP', '--prune') && specs.some((r) => local(r.dst)))
      );
    },
    risk: 'high',
    reason:
      'a fetch with a forced or pruning refspec into local branches or tags rewinds or deletes them, and their reflogs with them',
    match: [
      "git fetch --prune ./empty 'refs/heads/*:refs/heads/*'",
      "git fetch -p ./empty '+refs/heads/*:refs/heads/*'",
      'git fetch . +main~3:feature',
      'git fetch --prune-tags .',
      'git fetch . +HEAD:refs/stash',
      'git fetch --update-head-ok /path +main:main',
    ],
    noMatch: [
      'git fetch',
      'git fetch origin',
      'git fetch --prune origin',
      'git fetch origin main:main',
      "git fetch origin '+refs/heads/*:refs/remotes/origin/*'",
    ],
  },
  {
    id: 'git:tag-rewrite',
    sub: 'tag',
    when: subFlag('df', '--delete', '--force'),
    risk: 'medium',
    reason: 'deleting or moving a tag loses where it pointed; tags keep no reflog',
    match: ['git tag -d v1', 'git tag -f v1 HEAD~1', 'git tag --delete v1'],
    noMatch: ['git tag v2', 'git tag -l', 'git tag -a v2 -m x'],
  },
  {
    id: 'git:clean',
    sub: 'clean',
    when: not(subFlag('n', '--dry-run')),
    risk: 'high',
    reason: '`git clean` deletes untracked files that git cannot bring back',
    match: ['git clean -fd', 'git clean -fdx', 'git clean -d -f', 'git clean -i'],
    noMatch: ['git clean -n', 'git clean --dry-run -d'],
  },
  {
    id: 'git:worktree-force-remove',
    sub: 'worktree',
    when: (v) => v.sub[1] === 'remove' && hasFlag(v.rest, 'f', '--force'),
    risk: 'high',
    reason: '`git worktree remove --force` deletes a working tree with its uncommitted and untracked files',
    match: ['git worktree remove --force ../wt', 'git worktree remove -f -f ../wt'],
    noMatch: ['git worktree remove ../wt', 'git worktree list'],
  },
  {
    id: 'git:submodule-force',
    sub: 'submodule',
    when: (v) => (v.sub[1] === 'deinit' || v.sub[1] === 'update') && hasFlag(v.rest, 'f', '--force'),
    risk: 'medium',
    reason: "a forced submodule deinit or update discards the submodule's local changes",
    match: ['git submodule deinit -f lib', 'git submodule update --force'],
    noMatch: ['git submodule update --init'],
  },
  {
    id: 'git:branch-delete',
    sub: 'branch',
    when: subFlag('DfMC', '--delete', '--force'),
    risk: 'medium',
    reason: 'force-deleting, force-moving or force-renaming/copying over a branch (-M, -C) can lose unmerged commits',
    match: [
      'git branch -D feature-branch',
      'git branch --delete --force x',
      'git branch -f main HEAD~3',
      'git branch -M old main',
      'git branch -C old main',
    ],
    noMatch: ['git branch -a', 'git branch -d merged'],
  },
  {
    id: 'git:rewrite-history',
    sub: '',
    when: (v) =>
      v.sub[0] === 'filter-branch' ||
      v.sub[0] === 'filter-repo' ||
      (v.sub[0] === 'reflog' && (v.sub[1] === 'expire' || v.sub[1] === 'delete')) ||
      (v.sub[0] === 'gc' && argMatches(/^--prune/)(v)) ||
      (v.sub[0] === 'prune' && !hasFlag(v.rest, 'n', '--dry-run')) ||
      v.sub[0] === 'update-ref' ||
      v.sub[0] === 'replace' ||
      // `git fetch . R:refs/replace/S` is `git replace S R` by another name (attack pass 23, F1);
      // a destination that is a whole-namespace glob may write there too.
      (['fetch', 'pull', 'push'].includes(v.sub[0] ?? '') &&
        v.rest.some((a) => !a.startsWith('-') && /:\+?(?:.*replace\/|(?:refs\/)?\*)/.test(a))),
    risk: 'high',
    reason:
      'rewrites or prunes history, moves a ref by hand, or writes replace refs (which change what every later git command reads); filter-branch also runs shell filters',
    match: [
      'git filter-branch --tree-filter x HEAD',
      'git reflog expire --expire=now --all',
      'git reflog delete HEAD@{1}',
      'git gc --prune=now',
      'git prune',
      'git update-ref -d refs/heads/x',
      'git update-ref refs/heads/main HEAD~10',
      'git fetch -q . HEAD~3:refs/replace/0123abcd',
      "git fetch origin 'refs/*:refs/*'",
      'git push . main:refs/replace/abc',
      'git pull . +x:refs/replace/y',
    ],
    noMatch: ['git gc', 'git reflog', 'git prune -n', 'git fetch origin main:feature', 'git push origin HEAD:main'],
  },
];
