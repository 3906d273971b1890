import type { ToolModel } from '../../modelTypes.js';
import { opt, plain } from '../../spell.js';
import { HELP, pathspecFromFile, sub } from './modelParts.js';

/**
 * Option models of the everyday writes (issue 12): add, commit, checkout, switch, restore,
 * fetch, each checked against `git SUB -h` by the drift test. The rules in packs/git.ts still
 * decide by subcommand (`git:everyday-write`) and discards.ts asks every spelling that throws
 * work away; a model only adds what its options do. Pathspec operands stay pathArgs.ts's
 * (mentions: `git add .env` is refused). Hooks: commit runs the repository's own hooks, which
 * the path policy protects from writes (`.git/hooks/**`); `--no-verify` only runs fewer.
 */

/** `-e`/`--edit`: the configured editor, with nobody there to use it (as tag and branch). */
const EDITOR = 'opens the configured editor, which nobody is there to use';

const add = sub('add', [
  opt('-e, --edit', 'git add -e', 'exec', { why: EDITOR }),
  // Only the index's mode bit changes, not the file.
  opt('--chmod=MODE', 'git add --chmod=+x run.sh'),
  pathspecFromFile('git add'),
  HELP('git add'),
  ...plain(
    'git add',
    '.',
    '-n, --dry-run',
    '-v, --verbose',
    // Interactive: answers come on stdin; each only stages what the pathspecs name.
    '-i, --interactive',
    '-p, --patch',
    '-f, --force',
    '-u, --update',
    '--renormalize',
    '-N, --intent-to-add',
    '-A, --all',
    '--ignore-removal',
    '--refresh',
    '--ignore-errors',
    '--ignore-missing',
    '--sparse',
    '--pathspec-file-nul',
  ),
]);

/**
 * commit: `-F`/`-t` read their file (the message or template is printed by `git log` and
 * published by a push), in every spelling: `-F FILE`, `-FFILE`, `-aFFILE`, `--file=FILE`.
 * `-S` signs with the configured gpg.program (a config key judged where it is set).
 */
const commit = sub('commit', [
  opt('-F, --file FILE', 'git commit -F msg.txt', 'read', { why: 'the commit message' }),
  opt('-t, --template FILE', 'git commit -t template.txt', 'read', { why: 'the message template' }),
  opt('-e, --edit', 'git commit -e -m x', 'exec', { why: EDITOR }),
  opt('-S, --gpg-sign[=KEYID]', 'git commit -S -m x', 'none', { shortArity: 'optional' }),
  opt('-u, --untracked-files[=MODE]', 'git commit --dry-run -uno', 'none', { shortArity: 'optional' }),
  pathspecFromFile('git commit'),
  HELP('git commit'),
  ...plain(
    'git commit',
    '',
    '-q, --quiet',
    '-v, --verbose',
    '--author=AUTHOR',
    '--date=DATE',
    '-m, --message=MESSAGE',
    // Reuses a commit's message; `-c` then opens the editor as a bare `git commit` does.
    '-c, --reedit-message=COMMIT',
    '-C, --reuse-message=COMMIT',
    '--fixup=COMMIT',
    '--squash=COMMIT',
    '--reset-author',
    '--trailer=TRAILER',
    '-s, --signoff',
    '--cleanup=MODE',
    '--status',
    '-a, --all',
    '-i, --include',
    '--interactive',
    '-p, --patch',
    '-o, --only',
    // Skips the pre-commit and commit-msg hooks: fewer programs run, not more.
    '-n, --no-verify',
    '--verify',
    '--dry-run',
    '--short',
    '--branch',
    '--ahead-behind',
    '--porcelain',
    '--long',
    '-z, --null',
    '--amend',
    '--no-post-rewrite',
    '--post-rewrite',
    '--allow-empty',
    '--allow-empty-message',
    '--pathspec-file-nul',
  ),
]);

/** The options checkout, switch and restore share (builtin/checkout.c). */
const checkoutCommon = (tool: string, tail: string) => [
  opt('--recurse-submodules[=CHECKOUT]', `${tool} --recurse-submodules ${tail}`.trimEnd()),
  HELP(tool),
  ...plain(tool, tail, '-q, --quiet', '--progress', '-m, --merge', '--conflict=STYLE'),
];

/**
 * checkout/switch/restore write the work tree. What throws work away (`-f`, pathspecs,
 * `--theirs`, `--discard-changes`, ...) is asked by discards.ts; a tree checked out may hold
 * symlinks, which the compound review's link check holds back (subcommands.ts GIT_TREE_WRITERS).
 */
const checkout = sub('checkout', [
  opt('-t, --track[=HOW]', 'git checkout -t origin/x'),
  pathspecFromFile('git checkout'),
  ...checkoutCommon('git checkout', 'main'),
  ...plain(
    'git checkout',
    'main',
    '-b BRANCH',
    '-B BRANCH',
    '--orphan=BRANCH',
    '-l',
    '--guess',
    '--overlay',
    '-d, --detach',
    '-f, --force',
    '--overwrite-ignore',
    '--ignore-other-worktrees',
    '-2, --ours',
    '-3, --theirs',
    '-p, --patch',
    '--ignore-skip-worktree-bits',
    '--pathspec-file-nul',
  ),
]);

const switchModel = sub('switch', [
  opt('-t, --track[=HOW]', 'git switch -c x -t origin/x'),
  ...checkoutCommon('git switch', 'main'),
  ...plain(
    'git switch',
    'main',
    '-c, --create=BRANCH',
    '-C, --force-create=BRANCH',
    '--orphan=BRANCH',
    '--guess',
    '--discard-changes',
    '-d, --detach',
    '-f, --force',
    '--overwrite-ignore',
    '--ignore-other-worktrees',
  ),
]);

const restore = sub('restore', [
  pathspecFromFile('git restore'),
  ...checkoutCommon('git restore', 'a.txt'),
  ...plain(
    'git restore',
    'a.txt',
    '-s, --source=TREE',
    '-S, --staged',
    '-W, --worktree',
    '--ignore-unmerged',
    '--overlay',
    '-2, --ours',
    '-3, --theirs',
    '-p, --patch',
    '--ignore-skip-worktree-bits',
    '--pathspec-file-nul',
  ),
]);

/**
 * fetch: network to a remote the command line names (its URL goes to the URL policy) or one
 * configured. `--upload-pack` runs a program (escapeHatches.ts asks it). `-o` server options and
 * `--stdin` refspecs go to that same remote, as the refspecs on the command line do.
 */
const fetch = sub('fetch', [
  opt('--upload-pack PATH', 'git fetch --upload-pack=./x origin', 'exec', {
    reviewedBy: 'tools/git/escapeHatches.ts',
  }),
  opt('-o, --server-option OPTION', 'git fetch -o v=1 origin', 'none', { why: 'sent to the remote fetched from' }),
  opt('--recurse-submodules[=WHEN]', 'git fetch --recurse-submodules=no'),
  opt('--stdin', 'git fetch --stdin origin', 'none', { why: 'refspecs for the remote named' }),
  HELP('git fetch'),
  ...plain(
    'git fetch',
    'origin',
    '-v, --verbose',
    '-q, --quiet',
    '--all',
    '--set-upstream',
    '-a, --append',
    '--atomic',
    '-f, --force',
    '-m, --multiple',
    '-t, --tags',
    '-n',
    '-j, --jobs=N',
    '--prefetch',
    '-p, --prune',
    '-P, --prune-tags',
    '--dry-run',
    '--write-fetch-head',
    '-k, --keep',
    '-u, --update-head-ok',
    '--progress',
    '--depth=DEPTH',
    '--shallow-since=TIME',
    '--shallow-exclude=REV',
    '--deepen=N',
    '--unshallow',
    '--refetch',
    '--update-shallow',
    '--refmap=REFMAP',
    '-4, --ipv4',
    '-6, --ipv6',
    '--negotiation-tip=REV',
    '--negotiate-only',
    '--filter=SPEC',
    '--auto-maintenance',
    '--auto-gc',
    '--show-forced-updates',
    '--write-commit-graph',
  ),
]);

export const EVERYDAY_MODELS: Readonly<Record<string, ToolModel>> = {
  add,
  commit,
  checkout,
  switch: switchModel,
  restore,
  fetch,
};
