import type { ArgTest, BuiltinRule } from '../ruleTypes.js';
import type { Risk } from '../../verdict.js';
import { all, any, argMatches, not, subFlag, flag } from '../ruleTypes.js';
import { hasFlag, positionals } from '../argView.js';

const G = ['git'];
const readOnly = [
  'status',
  'diff',
  'log',
  'show',
  'blame',
  'grep',
  'ls-files',
  'ls-tree',
  'rev-parse',
  'describe',
  'shortlog',
  'whatchanged',
  'cat-file',
  'show-ref',
  'merge-base',
  'count-objects',
  'rev-list',
  'name-rev',
  'cherry',
  'check-ignore',
  'check-attr',
  'var',
  'version',
  'help',
  'for-each-ref',
  'diff-tree',
  'diff-files',
  'diff-index',
  'range-diff',
];
const everydayWrites = [
  'add',
  'commit',
  'checkout',
  'switch',
  'fetch',
  'pull',
  'merge',
  'restore',
  'init',
  'clone',
  'mv',
  'rm',
  'cherry-pick',
  'revert',
  'am',
  'apply',
  'notes',
  'worktree',
  'submodule',
  'format-patch',
  'sparse-checkout',
  'mergetool-none',
];

/**
 * Every git spelling that discards uncommitted work, unreachable commits or history, as data: the
 * subcommand, what makes it discard, how bad it is, why, and examples both ways (checked by
 * test/domain/policy/ruleExamples.test.ts). Each row becomes an `ask` rule with code
 * `command.destructive`; the ids are stable. Long options match abbreviated (`--disc`), short
 * ones inside clusters (`-fd`), through argView's shared matcher.
 */
interface GitDiscard {
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
    when: (v) => hasFlag(v.rest, 'rf', '--force') && !hasFlag(v.rest, '', '--cached'),
    risk: 'medium',
    reason: '`git rm -f` deletes files with uncommitted changes; `git rm -r` deletes whole trees from the working tree',
    match: ['git rm -rf .', 'git rm -r src', 'git rm -f a.txt', 'git rm --force a.txt'],
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
    when: subFlag('Df', '--delete', '--force'),
    risk: 'medium',
    reason: 'force-deleting or force-moving a branch can lose unmerged commits',
    match: ['git branch -D feature-branch', 'git branch --delete --force x', 'git branch -f main HEAD~3'],
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
      v.sub[0] === 'replace',
    risk: 'high',
    reason: 'rewrites or prunes history, or moves a ref by hand; filter-branch also runs shell filters',
    match: [
      'git filter-branch --tree-filter x HEAD',
      'git reflog expire --expire=now --all',
      'git reflog delete HEAD@{1}',
      'git gc --prune=now',
      'git prune',
      'git update-ref -d refs/heads/x',
      'git update-ref refs/heads/main HEAD~10',
    ],
    noMatch: ['git gc', 'git reflog', 'git prune -n'],
  },
];

const discardRules: BuiltinRule[] = GIT_DISCARDS.map((d) => ({
  id: d.id,
  commands: G,
  ...(d.sub ? { sub: [d.sub] } : {}),
  when: d.when,
  decision: 'ask',
  risk: d.risk,
  code: 'command.destructive',
  reason: d.reason,
  examples: { match: d.match, noMatch: d.noMatch },
}));

export const gitPack: BuiltinRule[] = [
  {
    id: 'git:read-only',
    commands: G,
    when: (v) => v.sub.length > 0 && readOnly.includes(v.sub[0]!),
    decision: 'allow',
    risk: 'low',
    code: 'command.allowed',
    reason: 'git inspection does not change the repository',
    examples: {
      match: ['git status', 'git diff --staged', 'git log --oneline -5', 'git show HEAD', 'git -C sub status'],
      noMatch: ['git push', 'git reset --hard'],
    },
  },
  {
    id: 'git:branch-tag-list',
    commands: G,
    when: (v) =>
      (v.sub[0] === 'branch' ||
        v.sub[0] === 'tag' ||
        v.sub[0] === 'remote' ||
        (v.sub[0] === 'stash' && v.sub[1] === 'list') ||
        (v.sub[0] === 'reflog' && (v.sub.length === 1 || v.sub[1] === 'show'))) &&
      !flag('dDmMcC', '--delete', '--move', '--copy', '--force', '--set-upstream-to', '--unset-upstream')(v) &&
      (v.sub[0] !== 'remote' || v.sub.length === 1),
    decision: 'allow',
    risk: 'low',
    code: 'command.allowed',
    reason: 'lists or creates branches, tags and remotes',
    examples: {
      match: ['git branch', 'git branch -a', 'git tag', 'git remote -v', 'git stash list', 'git branch feature/x'],
      noMatch: ['git branch -D x', 'git remote add o u'],
    },
  },
  {
    id: 'git:everyday-write',
    commands: G,
    when: (v) => v.sub.length > 0 && everydayWrites.includes(v.sub[0]!),
    decision: 'allow',
    risk: 'low',
    code: 'command.allowed',
    reason: 'everyday work in the local repository (commit, checkout, fetch, ...); recoverable from git history',
    examples: {
      match: [
        'git add -A',
        'git commit -m "drop rm -rf"',
        'git checkout -b feature/one',
        'git pull',
        'git fetch --all',
      ],
      noMatch: ['git push', 'git status'],
    },
  },
  {
    id: 'git:stash',
    commands: G,
    sub: ['stash'],
    when: (v) =>
      v.sub.length === 1 ||
      ['push', 'pop', 'apply', 'save', 'show', 'list', 'branch', 'create', 'store'].includes(v.sub[1]!),
    decision: 'allow',
    risk: 'low',
    code: 'command.allowed',
    reason: 'stashing keeps changes recoverable',
    examples: {
      match: ['git stash', 'git stash pop', 'git stash push -m wip'],
      noMatch: ['git stash drop', 'git stash clear'],
    },
  },
  {
    id: 'git:reset',
    commands: G,
    sub: ['reset'],
    when: not(subFlag('', '--hard', '--merge', '--keep')),
    decision: 'allow',
    risk: 'low',
    code: 'command.allowed',
    reason: 'a soft or mixed reset keeps the working tree',
    examples: {
      match: ['git reset HEAD~1', 'git reset --soft HEAD~1', 'git reset file.txt'],
      noMatch: ['git reset --hard'],
    },
  },
  {
    id: 'git:clean-dry-run',
    commands: G,
    sub: ['clean'],
    when: subFlag('n', '--dry-run'),
    decision: 'allow',
    risk: 'low',
    code: 'command.allowed',
    reason: 'a dry run only lists files',
    examples: { match: ['git clean -n'], noMatch: ['git clean -f'] },
  },
  {
    id: 'git:branch-change',
    commands: G,
    when: (v) =>
      ((v.sub[0] === 'branch' || v.sub[0] === 'tag') &&
        flag('dmMcC', '--move', '--copy', '--set-upstream-to', '--unset-upstream')(v) &&
        !flag('D')(v)) ||
      (v.sub[0] === 'remote' && v.sub.length > 1),
    decision: 'allow',
    risk: 'low',
    code: 'command.allowed',
    reason: 'renames, safe deletes and remote bookkeeping are recoverable',
    examples: {
      match: ['git branch -d merged', 'git branch -m old new', 'git remote add origin https://github.com/a/b'],
      noMatch: ['git branch -D x'],
    },
  },
  {
    id: 'git:push',
    commands: G,
    sub: ['push'],
    decision: 'ask',
    risk: 'medium',
    code: 'command.asked',
    reason: 'pushing publishes commits to a shared remote',
    examples: { match: ['git push', 'git push origin main'], noMatch: ['git pull'] },
  },
  {
    id: 'git:push-force',
    commands: G,
    sub: ['push'],
    when: any(subFlag('fd', '--force', '--force-with-lease', '--mirror', '--delete', '--prune'), (v) =>
      v.rest.some((a) => a.startsWith('+') || a.startsWith(':')),
    ),
    decision: 'ask',
    risk: 'high',
    code: 'command.destructive',
    reason: 'a force push or remote delete rewrites shared history',
    examples: {
      match: [
        'git push --force origin main',
        'git push -f origin main',
        'git push origin +main',
        'git push origin :old',
        'git push --force=true origin main',
      ],
      noMatch: ['git push origin main'],
    },
  },
  {
    id: 'git:rebase',
    commands: G,
    sub: ['rebase'],
    when: not(subFlag('ix', '--interactive', '--exec')),
    decision: 'allow',
    risk: 'medium',
    code: 'command.allowed',
    reason: 'a non-interactive rebase is recoverable through the reflog',
    examples: {
      match: ['git rebase main', 'git rebase --continue'],
      noMatch: ['git rebase -i HEAD~3', 'git rebase --exec "make" main'],
    },
  },
  {
    id: 'git:runs-commands',
    commands: G,
    when: (v) =>
      (v.sub[0] === 'rebase' && subFlag('ix', '--interactive', '--exec')(v)) ||
      (v.sub[0] === 'bisect' && v.sub[1] === 'run') ||
      (v.sub[0] === 'submodule' && v.sub[1] === 'foreach') ||
      v.sub[0] === 'difftool' ||
      v.sub[0] === 'mergetool' ||
      v.sub[0] === 'daemon' ||
      v.sub[0] === 'instaweb' ||
      v.sub[0] === 'web--browse' ||
      v.sub[0] === 'credential' ||
      v.sub[0] === 'credential-store' ||
      v.sub[0] === 'send-email',
    decision: 'ask',
    risk: 'high',
    code: 'command.escape_hatch',
    reason: 'this git subcommand runs other programs or editors',
    examples: {
      match: [
        'git rebase -i HEAD~3',
        'git bisect run make',
        'git submodule foreach rm x',
        'git difftool',
        'git credential fill',
      ],
      noMatch: ['git rebase main', 'git bisect start'],
    },
  },
  {
    id: 'git:bisect',
    commands: G,
    sub: ['bisect'],
    when: (v) => v.sub[1] !== 'run',
    decision: 'allow',
    risk: 'low',
    code: 'command.allowed',
    reason: 'bisect bookkeeping only checks out commits',
    examples: { match: ['git bisect start', 'git bisect good'], noMatch: ['git bisect run make'] },
  },
  {
    id: 'git:config-read',
    commands: G,
    sub: ['config'],
    when: any(
      subFlag('l', '--list', '--get', '--get-all', '--get-regexp', '--show-origin'),
      (v) =>
        positionals(v.rest).length === 1 &&
        !v.rest.some((a) => a.startsWith('--') && !a.startsWith('--global') && !a.startsWith('--local')),
    ),
    decision: 'allow',
    risk: 'low',
    code: 'command.allowed',
    reason: 'reads configuration',
    examples: {
      match: ['git config --list', 'git config user.email', 'git config --get remote.origin.url'],
      noMatch: ['git config core.pager less'],
    },
  },
  {
    id: 'git:config-write',
    commands: G,
    sub: ['config'],
    when: all(
      not(subFlag('l', '--list', '--get', '--get-all', '--get-regexp', '--show-origin')),
      (v) =>
        positionals(v.rest).length >= 2 ||
        subFlag(
          '',
          '--add',
          '--unset',
          '--unset-all',
          '--replace-all',
          '--edit',
          '-e',
          '--rename-section',
          '--remove-section',
        )(v),
    ),
    decision: 'ask',
    risk: 'high',
    code: 'command.escape_hatch',
    reason: 'git config can set commands git later runs (pager, hooks path, aliases, ssh)',
    examples: {
      match: ['git config core.pager less', 'git config --global alias.x "!rm -rf ~"', 'git config --unset user.name'],
      noMatch: ['git config --list'],
    },
  },
  ...discardRules,
];
