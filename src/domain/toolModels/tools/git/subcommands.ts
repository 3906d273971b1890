import { matchLongOption } from '../../../policy/longOption.js';
import { INIT_LONGS } from './cloneOptions.js';

/**
 * git's subcommands grouped by what they do, for every module that needs to know (the rules
 * in policy/packs/git.ts, stdin programs, the compound review's link check).
 */
/**
 * Subcommands the `git:read-only` rule allows by name (their options are modelled in
 * subcommandModels.ts; an unmodelled option asks).
 */
export const GIT_READ_ONLY: readonly string[] = [
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
/** Everyday local work the `git:everyday-write` rule allows: recoverable from git history. */
export const GIT_EVERYDAY_WRITES: readonly string[] = [
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
];

/** Subcommands that apply what they read on stdin to the work tree (`git apply -`, `git am`). */
export const GIT_STDIN_PATCH: ReadonlySet<string> = new Set(['am', 'apply']);

/** Subcommands that write the work tree from the repository (which may hold symlinks). */
export const GIT_TREE_WRITERS: ReadonlySet<string> = new Set([
  'checkout',
  'switch',
  'restore',
  'reset',
  'stash',
  'apply',
  'am',
  'pull',
  'merge',
  'rebase',
  'clone',
  'worktree',
  'cherry-pick',
  'revert',
  'read-tree',
  'checkout-index',
  'submodule',
  'bisect',
  // Attack pass 5: `sparse-checkout disable` brings back a committed symlink left out until then.
  'sparse-checkout',
  'mv',
]);

/**
 * Whether `git ARGS` can materialise a symlink or a repository the review has not seen: a
 * work-tree writer, or a repository made outside `.git` (bare, or a separate git dir), whose
 * config and hooks are protected only once it exists (judgePaths' git-dir check), so later
 * parts of a compound wait (review/compoundParts.ts, attack pass 5).
 */
export function gitMayMakeLinks(args: readonly string[]): boolean {
  return (
    args.some((a) => GIT_TREE_WRITERS.has(a)) ||
    (args.includes('init') && args.some((a) => /^--(?:bare|separate-git-dir)/.test(a) || makesOutsideGitDir(a)))
  );
}

/** init's `--bare`/`--separate-git-dir` abbreviated as parse-options takes them (`--ba`, `--sep=g`). */
function makesOutsideGitDir(word: string): boolean {
  return matchLongOption(word, INIT_LONGS)?.names.some((n) => n === '--bare' || n === '--separate-git-dir') === true;
}

/**
 * Subcommands that write neither the index nor HEAD, refs, reflogs or objects (the read-only ones,
 * and a few that write only files of their own, such as `format-patch`): a later part of the same
 * command text prints from what they leave (review/compoundParts.ts).
 */
const LEAVES_REPOSITORY: ReadonlySet<string> = new Set([
  ...GIT_READ_ONLY,
  'annotate',
  'check-ref-format',
  'format-patch',
]);

/**
 * Whether `git SUB…` leaves the index and every ref alone: a subcommand above, or the listing
 * forms of `stash`, `reflog`, `worktree`, `notes`, `remote`, `branch` and `tag`.
 */
export function leavesRepositoryAlone(sub: readonly string[], rest: readonly string[]): boolean {
  const [name, second] = sub;
  if (name === undefined) return true;
  if (LEAVES_REPOSITORY.has(name)) return true;
  if (name === 'stash' || name === 'reflog')
    return second === 'list' || second === 'show' || (name === 'reflog' && second === undefined);
  if (name === 'worktree' || name === 'notes') return second === 'list' || (name === 'notes' && second === 'show');
  if (name === 'remote') return second === undefined || second === 'show' || second === 'get-url';
  if (name === 'branch' || name === 'tag')
    return rest.every((a) =>
      /^-(?:[avrl]+|-list|-all|-remotes|-verbose|-show-current|-contains|-merged|-no-merged|-points-at)/.test(a),
    );
  return false;
}
