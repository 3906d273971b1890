import type { Effect, OperandModel, OptionModel, ToolModel } from '../../modelTypes.js';
import { opt, plain } from '../../spell.js';
import { HELP, logOptions, merge, pathspecFromFile, sub } from './modelParts.js';

/**
 * Option models of the subcommands that make, move or remove trees and repositories (issue 12,
 * "Git, completely"): clean, init, clone, mv, rm, worktree, submodule, format-patch and
 * sparse-checkout, each checked against `git SUB -h` (git 2.39) by the drift test. The rules in
 * packs/git.ts still decide by subcommand and discards.ts asks every discarding spelling
 * (`clean` without `-n`, `rm -r`/`-f`, `mv -f`, `worktree remove -f`, `submodule deinit -f`);
 * a model adds what each option does and asks on any option it lacks. Other readers stay:
 * pathArgs.ts (rm/mv operands, created directories, `--separate-git-dir`), escapeHatches.ts
 * (`--template`, `-u`, `clone -c`, `submodule update|sync|foreach`), the URL stage and
 * remoteTargets.ts (URLs and `host:path` forms); options they judge name them in `reviewedBy`.
 */

const HATCHES = 'tools/git/escapeHatches.ts';
const PATH_ARGS = 'tools/git/pathArgs.ts';

/**
 * A repository operand (clone's, `submodule add`'s): a URL or `host:path` goes to the URL policy
 * (the URL stage and remoteTargets.ts read them), `TRANSPORT::ADDRESS` runs a remote helper
 * (asked), anything else is a local repository whose whole tree is copied, so it is read
 * (`git clone ~/.password-store x` is refused).
 */
const REMOTE_FORMS: readonly (readonly [RegExp, Effect])[] = [
  // `TRANSPORT::ADDRESS` runs the remote helper git-remote-TRANSPORT: `ext::sh -c CMD` runs CMD
  // (blocked only by a protocol.allow default a config may change), `fd::` talks to open files.
  [/^[A-Za-z0-9][A-Za-z0-9+.-]*::/, 'exec'],
  [/^[A-Za-z][A-Za-z0-9+.-]*:\/\//, 'network'],
  [/^(?:[^\s/:@]+@)?[^\s/:@[\]]+:/, 'network'],
];
const repositoryOperands = (leading: Effect[]): OperandModel => ({
  reviewedBy: 'the URL stage and tools/git/remoteTargets.ts',
  leading,
  rest: 'none',
  recursive: true,
  effectIf: REMOTE_FORMS,
});

/**
 * clean deletes untracked files; every spelling but a dry run asks (discards.ts, `git:clean`).
 * The deleting options also judge their pathspecs (`.` when none) as deletions, so a protected
 * or self-protected directory is refused, not only asked; under `-n` they only list.
 */
const cleanDeletes = (spelling: string, example: string): OptionModel =>
  opt(spelling, example, 'delete', { onOperands: true, recursive: true, effectWhen: { lists: 'none' } });
const clean = sub('clean', [
  opt('-n, --dry-run', 'git clean -n', 'none', { sets: 'lists' }),
  cleanDeletes('-f, --force', 'git clean -f'),
  cleanDeletes('-d', 'git clean -n -d'),
  cleanDeletes('-x', 'git clean -n -x'),
  cleanDeletes('-X', 'git clean -n -X'),
  // Interactive: answers come on stdin, which the review does not see; it deletes what they pick.
  cleanDeletes('-i, --interactive', 'git clean -i'),
  HELP('git clean'),
  ...plain('git clean', '', '-q, --quiet', '-e, --exclude PATTERN'),
]);

/**
 * init: the directory operand is created (pathArgs.ts: a write of the tree; shimctl's own
 * directories block). `--template` copies hooks that later run (escapeHatches.ts asks);
 * `--separate-git-dir` writes the repository elsewhere (pathArgs.ts judges the write).
 */
const init = sub('init', [
  opt('--template DIR', 'git init --template=tpl', 'exec', {
    reviewedBy: HATCHES,
    why: 'its hooks are copied into the repository and run later',
  }),
  opt('--separate-git-dir GITDIR', 'git init --separate-git-dir=../g', 'write', { reviewedBy: PATH_ARGS }),
  HELP('git init'),
  ...plain(
    'git init',
    '',
    '--bare',
    '--shared[=PERMISSIONS]',
    '-q, --quiet',
    '-b, --initial-branch NAME',
    '--object-format HASH',
  ),
]);

/** `--recurse-submodules`: clones the URLs in the clone's .gitmodules, which nobody has seen. */
const SUBMODULE_URLS = 'clones the submodule URLs in .gitmodules, which the review does not read';

const clone = sub(
  'clone',
  [
    opt('-u, --upload-pack PATH', 'git clone -u ./x https://github.com/x/y', 'exec', { reviewedBy: HATCHES }),
    opt('--template DIR', 'git clone --template=tpl https://github.com/x/y', 'exec', {
      reviewedBy: HATCHES,
      why: 'its hooks are copied into the clone and run later',
    }),
    // Config keys are judged by escapeHatches.ts (configKeys.ts: `core.hooksPath` asks, `user.name` passes).
    opt('-c, --config KEY=VALUE', 'git clone -c user.name=x https://github.com/x/y', 'loads', {
      reviewedBy: HATCHES,
    }),
    opt('--separate-git-dir GITDIR', 'git clone --separate-git-dir=../g https://github.com/x/y', 'write', {
      reviewedBy: PATH_ARGS,
    }),
    // The objects of another repository are used (and kept as an alternate): that tree is read.
    opt('--reference REPO', 'git clone --reference ../other https://github.com/x/y', 'read', { recursive: true }),
    opt('--reference-if-able REPO', 'git clone --reference-if-able ../other https://github.com/x/y', 'read', {
      recursive: true,
    }),
    opt('--recurse-submodules[=PATHSPEC]', 'git clone --recurse-submodules https://github.com/x/y', 'list', {
      why: SUBMODULE_URLS,
    }),
    opt('--recursive[=PATHSPEC]', 'git clone --recursive https://github.com/x/y', 'list', { why: SUBMODULE_URLS }),
    opt('--bundle-uri URI', 'git clone --bundle-uri=https://example.invalid/b https://github.com/x/y', 'network'),
    HELP('git clone'),
    ...plain(
      'git clone',
      'https://github.com/x/y',
      '-v, --verbose',
      '-q, --quiet',
      '--progress',
      '--reject-shallow',
      '-n, --no-checkout',
      '--checkout',
      '--bare',
      '--mirror',
      '-l, --local',
      '--no-hardlinks',
      '--hardlinks',
      '-s, --shared',
      '-j, --jobs N',
      '--dissociate',
      '-o, --origin NAME',
      '-b, --branch BRANCH',
      '--depth DEPTH',
      '--shallow-since TIME',
      '--shallow-exclude REV',
      '--single-branch',
      '--no-tags',
      '--tags',
      '--shallow-submodules',
      '--server-option OPTION',
      '-4, --ipv4',
      '-6, --ipv6',
      '--filter SPEC',
      '--also-filter-submodules',
      '--remote-submodules',
      '--sparse',
    ),
  ],
  // The repository, then the directory created (pathArgs.ts judges that write).
  { operands: repositoryOperands(['read', 'none']) },
);

/** mv: each source is removed, the destination written (pathArgs.ts also judges every operand as a deletion). */
const mv = sub(
  'mv',
  [
    HELP('git mv'),
    ...plain('git mv', 'a.txt b.txt', '-v, --verbose', '-n, --dry-run', '-f, --force', '-k', '--sparse'),
  ],
  { operands: { rest: 'delete', last: 'write' } },
);

/** rm: operands are deletions (`-r`: trees), but only index entries under `--cached` (pathArgs.ts reads both). */
const rm = sub('rm', [
  pathspecFromFile('git rm'),
  HELP('git rm'),
  ...plain(
    'git rm',
    'a.txt',
    '-n, --dry-run',
    '-q, --quiet',
    '--cached',
    '-f, --force',
    '-r',
    '--ignore-unmatch',
    '--sparse',
    '--pathspec-file-nul',
  ),
]);

/**
 * worktree: `add PATH` creates a work tree there and `move A B` moves one (outside the
 * workspace asks; shimctl's own directories block); `remove` deletes one (`--force` with its
 * uncommitted work: discards.ts); `repair` rewrites the `.git` files of the trees named.
 */
const worktreeSubs: Record<string, ToolModel> = {
  add: sub(
    'worktree add',
    [
      HELP('git worktree add'),
      ...plain(
        'git worktree add',
        'wt',
        '-f, --force',
        '-b BRANCH',
        '-B BRANCH',
        '-d, --detach',
        '--checkout',
        '--lock',
        '--reason STRING',
        '-q, --quiet',
        '--track',
        '--guess-remote',
      ),
    ],
    { operands: { leading: ['write'], rest: 'none', recursive: true } },
  ),
  list: sub('worktree list', [
    HELP('git worktree list'),
    ...plain('git worktree list', '', '--porcelain', '-v, --verbose', '--expire EXPIRY', '-z'),
  ]),
  lock: sub('worktree lock', [HELP('git worktree lock'), ...plain('git worktree lock', 'wt', '--reason STRING')]),
  move: sub('worktree move', [HELP('git worktree move'), ...plain('git worktree move', 'wt wt2', '-f, --force')], {
    operands: { leading: ['delete', 'write'], rest: 'none', recursive: true },
  }),
  prune: sub('worktree prune', [
    HELP('git worktree prune'),
    ...plain('git worktree prune', '', '-n, --dry-run', '-v, --verbose', '--expire EXPIRY'),
  ]),
  remove: sub('worktree remove', [HELP('git worktree remove'), ...plain('git worktree remove', 'wt', '-f, --force')], {
    operands: { rest: 'delete', recursive: true },
  }),
  repair: sub('worktree repair', [HELP('git worktree repair')], { operands: { rest: 'write' } }),
  unlock: sub('worktree unlock', [HELP('git worktree unlock')]),
};
/**
 * `git worktree -h` prints add's usage line: `-f`, `--detach`, `--checkout`, `--lock`, `--reason` are listed
 * there for the drift check. git rejects every option before the subcommand word.
 */
const worktree = sub(
  'worktree',
  [HELP('git worktree'), ...plain('git worktree', 'list', '-f', '--detach', '--checkout', '--lock', '--reason STRING')],
  { permute: false, subcommands: worktreeSubs },
);

/**
 * submodule is a shell script in git 2.39 (git-submodule.sh): exact option words, no prefixes,
 * no `--no-` forms but the two it spells. Its `-h` prints `usage: git submodule [--quiet]
 * [--cached]` for every subcommand, so each model lists both (git rejects the ones a
 * subcommand does not take); every subcommand stops at its first operand. `update` and `sync` fetch the URLs in .gitmodules, `foreach` runs
 * shell text: escapeHatches.ts asks them (and reviews foreach's text); `add`'s and `set-url`'s
 * repository goes to the URL policy, or is read when it is local.
 */
const smSub = (word: string, options: OptionModel[], more: Partial<ToolModel> = {}): ToolModel => ({
  ...sub(
    `submodule ${word}`,
    merge(options, [HELP(`git submodule ${word}`)], plain(`git submodule ${word}`, '', '-q, --quiet', '--cached')),
  ),
  negatable: false,
  longPrefixes: false,
  // The script stops at the first operand (`*) break`): later words are operands, as here.
  permute: false,
  ...more,
});
const submoduleSubs: Record<string, ToolModel> = {
  add: smSub(
    'add',
    [
      opt('--reference REPO', 'git submodule add --reference ../other https://github.com/x/y lib', 'read', {
        recursive: true,
      }),
      ...plain(
        'git submodule add',
        'https://github.com/x/y lib',
        '-b, --branch BRANCH',
        '-f, --force',
        '--progress',
        '--dissociate',
        '--name NAME',
        '--depth DEPTH',
      ),
    ],
    { operands: repositoryOperands(['read', 'write']) },
  ),
  status: smSub('status', plain('git submodule status', '', '--recursive')),
  init: smSub('init', []),
  // deinit empties the submodules' work trees (it refuses local changes without `-f`: discards.ts).
  deinit: smSub('deinit', plain('git submodule deinit', 'lib', '-f, --force', '--all'), {
    operands: { rest: 'delete', recursive: true },
  }),
  update: smSub('update', [
    opt('--reference REPO', 'git submodule update --reference ../other', 'read', { recursive: true }),
    ...plain(
      'git submodule update',
      '',
      '--progress',
      '-i, --init',
      '--require-init',
      '--remote',
      '-N, --no-fetch',
      '-f, --force',
      '-r, --rebase',
      '--dissociate',
      '-m, --merge',
      '--recursive',
      '--checkout',
      '--recommend-shallow',
      '--no-recommend-shallow',
      '--depth DEPTH',
      '-j, --jobs N',
      '--single-branch',
      '--no-single-branch',
      '--filter SPEC',
    ),
  ]),
  'set-branch': smSub('set-branch', plain('git submodule set-branch', 'lib', '-d, --default', '-b, --branch BRANCH')),
  'set-url': smSub('set-url', [], { operands: repositoryOperands(['none', 'read']) }),
  summary: smSub('summary', plain('git submodule summary', '', '--files', '--for-status', '-n, --summary-limit N')),
  // The command is shell text: escapeHatches.ts reviews it and `git:runs-commands` asks.
  foreach: smSub('foreach', plain('git submodule foreach', 'ls', '--recursive')),
  sync: smSub('sync', plain('git submodule sync', '', '--recursive')),
  // Passed to `git submodule--helper absorbgitdirs`, whose -h lists no option.
  absorbgitdirs: { ...sub('submodule absorbgitdirs', [HELP('git submodule absorbgitdirs')]), negatable: false },
};
const submodule: ToolModel = {
  ...sub('submodule', [HELP('git submodule'), ...plain('git submodule', '', '-q, --quiet', '--cached')]),
  negatable: false,
  longPrefixes: false,
  permute: false,
  subcommands: submoduleSubs,
};

/**
 * format-patch: log's options (revision walk, diff options: `--output=F` writes, `-O F` reads),
 * and its own: `-o DIR` writes the patches there, `--signature-file` reads a file into every
 * patch. Its own spellings come first where they differ from log's (`-n` numbers, `-s` signs).
 */
const formatPatch = sub(
  'format-patch',
  merge(
    [
      opt('-o, --output-directory DIR', 'git format-patch -1 -o out', 'write', { recursive: true }),
      opt('--signature-file FILE', 'git format-patch -1 --signature-file=sig.txt', 'read'),
      opt('--from[=IDENT]', 'git format-patch -1 --from'),
      opt('--attach[=BOUNDARY]', 'git format-patch -1 --attach'),
      opt('--inline[=BOUNDARY]', 'git format-patch -1 --inline'),
      opt('--thread[=STYLE]', 'git format-patch -1 --thread=shallow'),
      HELP('git format-patch'),
      ...plain(
        'git format-patch',
        '-1',
        '-n, --numbered',
        '-N, --no-numbered',
        '-s, --signoff',
        '--stdout',
        '--cover-letter',
        '--numbered-files',
        '--suffix SFX',
        '--start-number N',
        '-v, --reroll-count N',
        '--filename-max-length N',
        '--rfc',
        '--cover-from-description MODE',
        '--subject-prefix PREFIX',
        '-k, --keep-subject',
        '--no-binary',
        '--zero-commit',
        '--ignore-if-in-upstream',
        '-p, --no-stat',
        '--add-header HEADER',
        '--to EMAIL',
        '--cc EMAIL',
        '--in-reply-to ID',
        '--signature SIGNATURE',
        '--base COMMIT',
        '-q, --quiet',
        '--progress',
        '--interdiff REV',
        '--range-diff REFSPEC',
        '--creation-factor N',
        '--force-in-body-from',
      ),
    ],
    logOptions('git format-patch'),
  ),
  { numeric: /^-\d+$/ },
);

/**
 * sparse-checkout: `set`/`add`/`init`/`reapply` narrow the work tree to patterns and `disable`
 * widens it. Narrowing removes only tracked, unmodified files: git leaves a file with local
 * changes in place ("not up to date and were left despite sparse patterns") and never touches
 * untracked ones, so everything removed is in HEAD and comes back with `disable`. Allowed, as
 * before; `--stdin` patterns only choose among tracked paths. A tree widened may hold symlinks:
 * the compound review's link check holds later parts back (subcommands.ts GIT_TREE_WRITERS).
 */
const coneOptions = (word: string) => plain(`git sparse-checkout ${word}`, '', '--cone', '--sparse-index');
const patternOptions = (word: string) => [
  opt('--stdin', `git sparse-checkout ${word} --stdin`, 'none', { why: 'patterns choosing tracked paths' }),
  ...plain(`git sparse-checkout ${word}`, 'src', '--skip-checks'),
];
const sparseCheckout = sub('sparse-checkout', [HELP('git sparse-checkout')], {
  permute: false,
  subcommands: {
    list: sub('sparse-checkout list', [HELP('git sparse-checkout list')]),
    set: sub(
      'sparse-checkout set',
      merge([HELP('git sparse-checkout set')], coneOptions('set'), patternOptions('set')),
    ),
    add: sub('sparse-checkout add', [HELP('git sparse-checkout add'), ...patternOptions('add')]),
    reapply: sub('sparse-checkout reapply', [HELP('git sparse-checkout reapply'), ...coneOptions('reapply')]),
    disable: sub('sparse-checkout disable', [HELP('git sparse-checkout disable')]),
    init: sub('sparse-checkout init', [HELP('git sparse-checkout init'), ...coneOptions('init')]),
  },
});

export const TREE_MODELS: Readonly<Record<string, ToolModel>> = {
  clean,
  init,
  clone,
  mv,
  rm,
  worktree,
  submodule,
  'format-patch': formatPatch,
  'sparse-checkout': sparseCheckout,
};
