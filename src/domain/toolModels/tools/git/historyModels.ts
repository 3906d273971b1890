import type { OptionModel, ToolModel } from '../../modelTypes.js';
import { opt, plain } from '../../spell.js';
import { HELP, pathspecFromFile, sub } from './modelParts.js';

/**
 * Option models of the history writers (issue 12): pull, merge, rebase, reset, cherry-pick,
 * revert, am, apply, bisect, notes, each checked against `git SUB -h` by the drift test. Before
 * them the rules in packs/git.ts allowed these by name with any option. The rules still decide
 * by subcommand, discards.ts still asks what throws work away (`reset --hard/--merge/--keep`),
 * and git:runs-commands still asks `rebase -i/--exec` and `bisect run`; a model only adds what
 * its words do.
 * - `-s/--strategy NAME`: a name git does not build in runs `git-merge-NAME` (mergeStrategy.ts
 *   asks it, through escapeHatches.ts); `-S/--gpg-sign` runs gpg.program, a config key judged
 *   where it is set (as for commit).
 * - Files: `merge -F` and `notes -F` read the message; `am` and `apply` read their patch
 *   operands (a mailbox or a Maildir for am); `apply --build-fake-ancestor` writes an index file;
 *   `--directory ROOT` puts the patch's files under ROOT (a write of that tree).
 */

/** `-e`/`--edit` and the editor forms: the configured editor, with nobody there to use it. */
const EDITOR = 'opens the configured editor, which nobody is there to use';
const STRATEGY = 'tools/git/mergeStrategy.ts';
const HATCHES = 'tools/git/escapeHatches.ts';

/** `-s, --strategy NAME` (merge, pull, rebase) or `--strategy NAME` (cherry-pick, revert). */
const strategy = (tool: string, short = true): OptionModel =>
  opt(`${short ? '-s, ' : ''}--strategy NAME`, `${tool} --strategy=ort main`, 'exec', {
    reviewedBy: STRATEGY,
    why: 'a strategy git does not build in runs git-merge-NAME',
  });

/** `-S, --gpg-sign[=KEYID]`: `-SKEY` attached, as commit's. */
const gpgSign = (tool: string, tail: string): OptionModel =>
  opt('-S, --gpg-sign[=KEYID]', `${tool} -S ${tail}`.trimEnd(), 'none', { shortArity: 'optional' });

/**
 * pull: fetch's network options, then merge's or rebase's. The repository operand is judged like
 * fetch's (a URL by the URL policy, scp-like `host:path` by remoteTargets.ts). `--rebase=interactive`
 * (`-ri`: git takes `i` too) opens the todo list in the editor; other values are data.
 */
const pull = sub('pull', [
  opt('--upload-pack PATH', 'git pull --upload-pack=./x origin', 'exec', { reviewedBy: HATCHES }),
  opt('-r, --rebase[=HOW]', 'git pull -r origin main', 'exec', {
    shortArity: 'optional',
    defaultValue: 'true',
    dataIf: /^(?!(?:i|interactive)$)/,
    why: EDITOR,
  }),
  opt('--edit', 'git pull --edit', 'exec', { why: EDITOR }),
  opt('-o, --server-option OPTION', 'git pull -o v=1 origin', 'none', { why: 'sent to the remote pulled from' }),
  opt('-j, --jobs[=N]', 'git pull -j4', 'none', { shortArity: 'optional' }),
  strategy('git pull'),
  gpgSign('git pull', ''),
  HELP('git pull'),
  ...plain(
    'git pull',
    'origin',
    '-v, --verbose',
    '-q, --quiet',
    '--progress',
    '--recurse-submodules[=WHEN]',
    '-n',
    '--stat',
    '--log[=N]',
    '--signoff[=VALUE]',
    '--squash',
    '--commit',
    '--cleanup MODE',
    '--ff',
    '--ff-only',
    '--verify',
    '--verify-signatures',
    // Stashes local changes and applies them again after: kept, as `git stash` keeps them.
    '--autostash',
    '-X, --strategy-option OPTION',
    '--allow-unrelated-histories',
    '--all',
    '-a, --append',
    '-f, --force',
    '-t, --tags',
    '-p, --prune',
    '--dry-run',
    '-k, --keep',
    '--depth DEPTH',
    '--shallow-since TIME',
    '--shallow-exclude REV',
    '--deepen N',
    '--unshallow',
    '--update-shallow',
    '--refmap REFMAP',
    '-4, --ipv4',
    '-6, --ipv6',
    '--negotiation-tip REV',
    '--show-forced-updates',
    '--set-upstream',
  ),
]);

/** merge: `-F` reads the message from its file (`-F .env` would put it in a commit). */
const merge = sub('merge', [
  opt('-F, --file FILE', 'git merge -F msg.txt main', 'read', { why: 'the merge message' }),
  opt('-e, --edit', 'git merge -e main', 'exec', { why: EDITOR }),
  strategy('git merge'),
  gpgSign('git merge', 'main'),
  HELP('git merge'),
  ...plain(
    'git merge',
    'main',
    '-n',
    '--stat',
    '--summary',
    '--log[=N]',
    '--squash',
    '--commit',
    '--cleanup MODE',
    '--ff',
    '--ff-only',
    '--rerere-autoupdate',
    '--verify-signatures',
    '-X, --strategy-option OPTION',
    '-m, --message MESSAGE',
    '--into-name NAME',
    '-v, --verbose',
    '-q, --quiet',
    // The in-progress merge's own bookkeeping: --abort puts back what was there before it.
    '--abort',
    '--quit',
    '--continue',
    '--allow-unrelated-histories',
    '--progress',
    '--autostash',
    '--overwrite-ignore',
    '--signoff',
    '--no-verify',
    '--verify',
  ),
]);

/**
 * rebase: `-x/--exec CMD` runs shell text after each commit (escapeHatches.ts reviews it,
 * git:runs-commands asks; the model asks too, for every spelling). `-i` and `--edit-todo` open
 * the todo list in the editor.
 */
const rebase = sub('rebase', [
  opt('-x, --exec CMD', 'git rebase -x make main', 'exec', { why: 'runs shell text after each commit' }),
  opt('-i, --interactive', 'git rebase -i main', 'exec', { why: EDITOR }),
  opt('--edit-todo', 'git rebase --edit-todo', 'exec', { why: EDITOR }),
  opt('-r, --rebase-merges[=MODE]', 'git rebase -r main', 'none', { shortArity: 'optional' }),
  strategy('git rebase'),
  gpgSign('git rebase', 'main'),
  HELP('git rebase'),
  ...plain(
    'git rebase',
    'main',
    '--onto REV',
    '--keep-base',
    '--no-verify',
    '--verify',
    '-q, --quiet',
    '-v, --verbose',
    '-n, --no-stat',
    '--stat',
    '--signoff',
    '--committer-date-is-author-date',
    '--reset-author-date',
    '-C N',
    '--ignore-whitespace',
    '--whitespace ACTION',
    '-f, --force-rebase',
    '--no-ff',
    '--ff',
    '--continue',
    '--skip',
    '--abort',
    '--quit',
    '--show-current-patch',
    '--apply',
    '-m, --merge',
    '--rerere-autoupdate',
    '--empty MODE',
    // Reorders fixup!/squash! commits; it takes effect only with -i, which asks.
    '--autosquash',
    '--update-refs',
    '--autostash',
    '--fork-point',
    '-X, --strategy-option OPTION',
    '--root',
    '--reschedule-failed-exec',
    '--reapply-cherry-picks',
  ),
]);

/**
 * reset: `--hard`, `--merge` and `--keep` throw work away and ask (discards.ts, git:reset-hard);
 * the others move HEAD and the index only. `-p` picks index hunks to unstage (the work tree
 * stays); `--pathspec-from-file` asks, the pathspecs being in a file the review cannot see.
 */
const reset = sub('reset', [
  pathspecFromFile('git reset'),
  HELP('git reset'),
  ...plain(
    'git reset',
    'HEAD~1',
    '-q, --quiet',
    '--no-refresh',
    '--refresh',
    '--mixed',
    '--soft',
    '--hard',
    '--merge',
    '--keep',
    '--recurse-submodules[=RESET]',
    '-p, --patch',
    '-N, --intent-to-add',
    '--pathspec-file-nul',
  ),
]);

/** cherry-pick and revert share the sequencer's options (builtin/revert.c). */
const sequencer = (word: string, own: string[]): ToolModel =>
  sub(word, [
    opt('-e, --edit', `git ${word} -e HEAD`, 'exec', { why: EDITOR }),
    strategy(`git ${word}`, false),
    gpgSign(`git ${word}`, 'HEAD'),
    HELP(`git ${word}`),
    ...plain(
      `git ${word}`,
      'HEAD',
      '--quit',
      '--continue',
      '--abort',
      '--skip',
      '--cleanup MODE',
      '-n, --no-commit',
      '-s, --signoff',
      '-m, --mainline N',
      '--rerere-autoupdate',
      '-X, --strategy-option OPTION',
      ...own,
    ),
  ]);

const cherryPick = sequencer('cherry-pick', [
  '-x',
  '--ff',
  '--allow-empty',
  '--allow-empty-message',
  '--keep-redundant-commits',
]);
const revert = sequencer('revert', ['--reference']);

/** What am passes to apply (`--directory ROOT` puts the patch's files below ROOT: a write of that tree). */
const applyShared = (tool: string, tail: string): OptionModel[] => [
  opt('--directory ROOT', `${tool} --directory=sub ${tail}`, 'write', {
    recursive: true,
    why: "the patch's files are written below it",
  }),
  ...plain(
    tool,
    tail,
    '--whitespace ACTION',
    '--ignore-space-change',
    '--ignore-whitespace',
    '--exclude PATH',
    '--include PATH',
    '-C N',
    '-p N',
    // Rejected hunks go to FILE.rej beside the patched file, inside the work tree.
    '--reject',
    '--allow-empty',
  ),
];

/**
 * am: the operands are mailboxes or Maildirs (read; none is stdin). `-i` prompts for each patch,
 * and its answers open the editor or the pager.
 */
const am = sub(
  'am',
  [
    opt('-i, --interactive', 'git am -i p.mbox', 'exec', { why: 'its answers open the editor or the pager' }),
    gpgSign('git am', 'p.mbox'),
    opt('--show-current-patch[=FORMAT]', 'git am --show-current-patch=diff'),
    ...applyShared('git am', 'p.mbox'),
    HELP('git am'),
    ...plain(
      'git am',
      'p.mbox',
      '-3, --3way',
      '-q, --quiet',
      '-s, --signoff',
      '-u, --utf8',
      '-k, --keep',
      '--keep-non-patch',
      '-m, --message-id',
      '--keep-cr',
      '--no-keep-cr',
      '-c, --scissors',
      '--quoted-cr ACTION',
      '--patch-format FORMAT',
      '--resolvemsg MESSAGE',
      '--continue',
      '-r, --resolved',
      '--skip',
      '--abort',
      '--quit',
      '--committer-date-is-author-date',
      '--ignore-date',
      '--rerere-autoupdate',
      '--empty MODE',
    ),
  ],
  { operands: { rest: 'read', recursive: true } },
);

/**
 * apply: the operands are patch files (read; `-` is stdin). `--check`, `--stat`, `--numstat` and
 * `--summary` only read; otherwise the patch's files are written, inside the work tree (apply
 * refuses `..`, absolute names and `.git`) unless `--unsafe-paths` (escapeHatches.ts asks it).
 */
const apply = sub(
  'apply',
  [
    opt('--build-fake-ancestor FILE', 'git apply --build-fake-ancestor=tmp.index p.diff', 'write', {
      why: 'an index file is written there',
    }),
    opt('--unsafe-paths', 'git apply --unsafe-paths p.diff', 'write', {
      reviewedBy: HATCHES,
      why: 'writes wherever the patch names',
    }),
    ...applyShared('git apply', 'p.diff'),
    HELP('git apply'),
    ...plain(
      'git apply',
      'p.diff',
      '--no-add',
      '--add',
      '--stat',
      '--numstat',
      '--summary',
      '--check',
      '--index',
      '-N, --intent-to-add',
      '--cached',
      '--apply',
      '-3, --3way',
      '-z',
      '-R, --reverse',
      '--unidiff-zero',
      '--allow-overlap',
      '-v, --verbose',
      '-q, --quiet',
      '--inaccurate-eof',
      '--recount',
    ),
  ],
  { operands: { rest: 'read' } },
);

/**
 * bisect: its own argument loop (no parse-options): exact option names, no `--no-` forms.
 * `run CMD…` runs the command (escapeHatches.ts reviews it, git:runs-commands asks); `replay
 * FILE` reads its log; `visualize`/`view` with words runs them (a program whose name starts with
 * `git`, `tig`, or any git subcommand), bare it runs gitk or `git log`.
 */
const bisectSub = (word: string, options: OptionModel[] = [], more: Partial<ToolModel> = {}): ToolModel =>
  sub(`bisect ${word}`, options, { negatable: false, longPrefixes: false, ...more });
const terms = (tool: string, tail: string, value: boolean): OptionModel[] =>
  ['--term-new', '--term-bad', '--term-old', '--term-good'].map((n) =>
    opt(value ? `${n} TERM` : n, `${tool} ${n}${value ? '=x' : ''}${tail ? ` ${tail}` : ''}`),
  );
/** Every word after `run`/`visualize`/`view` is the command run: each asks (`exec`). */
const runs = (word: string): ToolModel => bisectSub(word, [], { permute: false, operands: { rest: 'exec' } });
const bisect = sub('bisect', [HELP('git bisect')], {
  permute: false,
  subcommands: {
    start: bisectSub('start', [
      ...terms('git bisect start', '', true),
      opt('--no-checkout', 'git bisect start --no-checkout'),
      opt('--first-parent', 'git bisect start --first-parent'),
    ]),
    bad: bisectSub('bad'),
    good: bisectSub('good'),
    new: bisectSub('new'),
    old: bisectSub('old'),
    skip: bisectSub('skip'),
    next: bisectSub('next'),
    reset: bisectSub('reset'),
    log: bisectSub('log'),
    help: bisectSub('help'),
    terms: bisectSub('terms', terms('git bisect terms', '', false)),
    replay: bisectSub('replay', [], { operands: { rest: 'read' } }),
    run: runs('run'),
    visualize: runs('visualize'),
    view: runs('view'),
  },
});

/**
 * notes: `--ref` before the action. `-F FILE` reads the note; `edit` opens the editor (asked like
 * `commit -e`); `merge -s` names a notes strategy built into git (manual, ours, theirs, union,
 * cat_sort_uniq): none runs a program.
 */
const noteText = (tool: string): OptionModel[] => [
  opt('-F, --file FILE', `${tool} -F note.txt HEAD`, 'read', { why: 'the note' }),
  // `-c OBJECT` reedits that message in the editor (attack pass 11); `-C/-c HEAD:.env` makes a
  // file a note: judged as a read of it (pathArgs.ts, notesBlobValues).
  opt('-c, --reedit-message OBJECT', `${tool} -c HEAD HEAD`, 'exec', { why: EDITOR }),
  ...plain(tool, 'HEAD', '-m, --message MESSAGE', '-C, --reuse-message OBJECT', '--allow-empty'),
];
const notes = sub('notes', [opt('--ref NOTES_REF', 'git notes --ref=review'), HELP('git notes')], {
  permute: false,
  subcommands: {
    list: sub('notes list', []),
    add: sub('notes add', [...noteText('git notes add'), ...plain('git notes add', 'HEAD', '-f, --force')]),
    copy: sub('notes copy', plain('git notes copy', 'a b', '-f, --force', '--stdin', '--for-rewrite COMMAND')),
    append: sub('notes append', noteText('git notes append')),
    edit: sub('notes edit', noteText('git notes edit'), { itself: { effect: 'exec', why: EDITOR } }),
    show: sub('notes show', []),
    merge: sub(
      'notes merge',
      plain(
        'git notes merge',
        'refs/notes/x',
        '-v, --verbose',
        '-q, --quiet',
        '-s, --strategy NAME',
        '--commit',
        '--abort',
      ),
    ),
    remove: sub('notes remove', plain('git notes remove', 'HEAD', '--ignore-missing', '--stdin')),
    prune: sub('notes prune', plain('git notes prune', '', '-n, --dry-run', '-v, --verbose')),
    'get-ref': sub('notes get-ref', []),
  },
});

export const HISTORY_MODELS: Readonly<Record<string, ToolModel>> = {
  pull,
  merge,
  rebase,
  reset,
  'cherry-pick': cherryPick,
  revert,
  am,
  apply,
  bisect,
  notes,
};
