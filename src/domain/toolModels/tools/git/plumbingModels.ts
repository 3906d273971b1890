import type { ToolModel } from '../../modelTypes.js';
import { opt, plain } from '../../spell.js';
import { diffOptions } from './diffOptions.js';
import { HELP, logLike, logOptions, merge, pathspecFromFile, sub } from './modelParts.js';

/**
 * Option models of the read-only plumbing agents run constantly (issue 12): rev-parse,
 * rev-list, config, remote, stash, reflog. Each is checked against `git SUB -h` (and
 * `git SUB SUB2 -h` for nested ones) by the drift test; an option a model lacks asks
 * (`command.unknown_option`). The models only add findings: the rules in packs/git.ts still
 * decide by subcommand (config writes, `stash drop`, `reflog expire` ask as before).
 */

/**
 * rev-parse is no parse-options command: it compares each word exactly and prints any other
 * `--word` back as a flag, so the model takes no prefixes and no `--no-NAME`. Everything it does
 * is print: `--git-path`, `--resolve-git-dir` and `--prefix` name paths it only prints, and
 * `--parseopt` reads an option spec on stdin and prints shell code for the caller to run (the
 * caller's `eval` is reviewed where it happens).
 */
const revParse: ToolModel = {
  commands: ['git rev-parse'],
  longPrefixes: false,
  options: [
    opt('--git-path PATH', 'git rev-parse --git-path hooks', 'none', { why: 'prints where the path lies in .git' }),
    opt('--resolve-git-dir PATH', 'git rev-parse --resolve-git-dir .git', 'none', { why: 'prints it if a git dir' }),
    opt('--prefix ARG', 'git rev-parse --prefix sub/ --', 'none'),
    opt('--default ARG', 'git rev-parse --default HEAD'),
    opt('-q, --quiet', 'git rev-parse -q --verify HEAD'),
    HELP('git rev-parse'),
    ...plain(
      'git rev-parse',
      '',
      '--parseopt',
      '--keep-dashdash',
      '--stop-at-non-option',
      '--stuck-long',
      '--sq-quote',
      '--local-env-vars',
      '--end-of-options',
      '--revs-only',
      '--no-revs',
      '--flags',
      '--no-flags',
      '--verify',
      '--short[=N]',
      '--sq',
      '--not',
      '--abbrev-ref[=MODE]',
      '--symbolic',
      '--symbolic-full-name',
      '--all',
      '--bisect',
      '--branches[=PATTERN]',
      '--tags[=PATTERN]',
      '--remotes[=PATTERN]',
      '--glob=PATTERN',
      '--exclude=PATTERN',
      '--exclude-hidden=HOW',
      '--disambiguate=PREFIX',
      '--path-format=FORMAT',
      '--show-toplevel',
      '--show-superproject-working-tree',
      '--show-prefix',
      '--show-cdup',
      '--git-dir',
      '--git-common-dir',
      '--absolute-git-dir',
      '--is-inside-git-dir',
      '--is-inside-work-tree',
      '--is-bare-repository',
      '--is-shallow-repository',
      '--shared-index-path',
      '--show-object-format[=WHICH]',
      '--since=DATE',
      '--after=DATE',
      '--until=DATE',
      '--before=DATE',
    ),
  ],
  operands: { rest: 'none' },
};

/**
 * rev-list takes the whole revision walk and, through setup_revisions, the diff options too:
 * `git rev-list --output=F HEAD` truncates F (checked on git 2.39), so `--output` writes.
 */
const revList = sub(
  'rev-list',
  merge(
    logOptions('git rev-list'),
    plain(
      'git rev-list',
      'HEAD',
      '--objects',
      '--objects-edge',
      '--objects-edge-aggressive',
      '--object-names',
      '--unpacked',
      '--disk-usage[=HOW]',
      '--header',
      '--count',
      '--bisect-vars',
      '--bisect-all',
      '--exclude-hidden=HOW',
      '--timestamp',
      '--in-commit-order',
      '--indexed-objects',
      '--filter=SPEC',
      '--filter-print-omitted',
      '--missing=ACTION',
      '--exclude-promisor-objects',
      '--use-bitmap-index',
      '--no-object-names',
    ),
  ),
  { numeric: /^-\d+$/ },
);

/**
 * config: the read actions print values; the write actions (`--add`, `--unset`, ...) switch on
 * `in-place`, under which `-f FILE` is written rather than read. A plain `config KEY VALUE`
 * write has no option to show it: the `git:config-write` rule and escapeHatches.ts judge it by
 * its operands (a command-valued key asks high). `-e` opens the editor.
 *
 * `--list` may print secrets a repository's config holds (an `http.extraHeader` token, a
 * remote URL with credentials): the same bytes `cat .git/config` prints, which the path policy
 * reads freely, so the model keeps it allowed rather than claim a protection the path policy
 * does not give (see the report of issue 12).
 */
const writes = { sets: 'in-place' as const, why: 'rewrites the config file' };
const config = sub('config', [
  opt('-f, --file FILE', 'git config -f .gitmodules --list', 'read', { effectWhen: { 'in-place': 'write' } }),
  opt('--blob BLOB', 'git config --blob HEAD:.gitmodules --list'),
  opt('-e, --edit', 'git config -e', 'exec', { why: 'opens the configured editor, which nobody is there to use' }),
  opt('--replace-all', 'git config --replace-all a.b c', 'none', writes),
  opt('--add', 'git config --add a.b c', 'none', writes),
  opt('--unset', 'git config --unset a.b', 'none', writes),
  opt('--unset-all', 'git config --unset-all a.b', 'none', writes),
  opt('--rename-section', 'git config --rename-section a b', 'none', writes),
  opt('--remove-section', 'git config --remove-section a', 'none', writes),
  HELP('git config'),
  ...plain(
    'git config',
    '',
    '--global',
    '--system',
    '--local',
    '--worktree',
    '--get',
    '--get-all',
    '--get-regexp',
    '--get-urlmatch',
    '-l, --list',
    '--fixed-value',
    '--get-color',
    '--get-colorbool',
    '-t, --type=TYPE',
    '--bool',
    '--int',
    '--bool-or-int',
    '--bool-or-str',
    '--path',
    '--expiry-date',
    '-z, --null',
    '--name-only',
    '--includes',
    '--show-origin',
    '--show-scope',
    '--default=VALUE',
  ),
]);

/**
 * remote: `-v` before the subcommand, then the subcommand's own options. `show`, `prune` and
 * `update` contact the configured remote (as fetch does); `add`, `set-url`, `rename`, `remove`
 * rewrite .git/config (the `git:branch-change` rule allows that bookkeeping; a URL operand goes
 * to the URL policy).
 */
const remote = sub('remote', [opt('-v, --verbose', 'git remote -v'), HELP('git remote')], {
  permute: false,
  subcommands: {
    add: sub('remote add', [
      opt('-t, --track BRANCH', 'git remote add -t main o https://example.com/r'),
      opt('-m, --master BRANCH', 'git remote add -m main o https://example.com/r'),
      HELP('git remote add'),
      ...plain('git remote add', 'o https://example.com/r', '-f, --fetch', '--tags', '--mirror[=HOW]'),
    ]),
    rename: sub('remote rename', [HELP('git remote rename'), ...plain('git remote rename', 'a b', '--progress')]),
    remove: sub('remote remove', [HELP('git remote remove')]),
    rm: sub('remote rm', [HELP('git remote rm')]),
    'set-head': sub('remote set-head', [
      HELP('git remote set-head'),
      ...plain('git remote set-head', 'origin', '-a, --auto', '-d, --delete'),
    ]),
    show: sub('remote show', [HELP('git remote show'), ...plain('git remote show', 'origin', '-n')]),
    prune: sub('remote prune', [HELP('git remote prune'), ...plain('git remote prune', 'origin', '-n, --dry-run')]),
    update: sub('remote update', [HELP('git remote update'), ...plain('git remote update', '', '-p, --prune')]),
    'set-branches': sub('remote set-branches', [
      HELP('git remote set-branches'),
      ...plain('git remote set-branches', 'origin main', '--add'),
    ]),
    'get-url': sub('remote get-url', [
      HELP('git remote get-url'),
      ...plain('git remote get-url', 'origin', '--push', '--all'),
    ]),
    'set-url': sub('remote set-url', [
      HELP('git remote set-url'),
      ...plain('git remote set-url', 'origin https://example.com/r', '--push', '--add', '--delete'),
    ]),
  },
});

/** stash push's options (also `git stash` alone, and `save` without the pathspec ones). */
const pushOptions = (tool: string, pathspecs: boolean) => [
  opt('-m, --message MESSAGE', `${tool} -m wip`),
  ...(pathspecs ? [pathspecFromFile(tool), ...plain(tool, '', '--pathspec-file-nul')] : []),
  HELP(tool),
  ...plain(
    tool,
    '',
    '-p, --patch',
    '-S, --staged',
    '-k, --keep-index',
    '-q, --quiet',
    '-u, --include-untracked',
    '-a, --all',
  ),
];
const quietOnly = (word: string, more: string[] = []) =>
  sub(word, [HELP(`git ${word}`), ...plain(`git ${word}`, '', '-q, --quiet', ...more)]);

/**
 * stash: `git stash [OPTIONS]` is `git stash push`. `list` takes log's options and `show` the
 * diff options (both with `--output=F`, a write). `drop`/`clear` ask as before (discards.ts).
 */
const stash = sub('stash', [HELP('git stash')], {
  defaultSubcommand: 'push',
  subcommands: {
    push: sub('stash push', pushOptions('git stash push', true)),
    save: sub('stash save', pushOptions('git stash save', false)),
    list: logLike('stash list'),
    show: sub(
      'stash show',
      merge(
        [HELP('git stash show')],
        plain('git stash show', '', '-u, --include-untracked', '--only-untracked'),
        diffOptions('git stash show'),
      ),
    ),
    pop: quietOnly('stash pop', ['--index']),
    apply: quietOnly('stash apply', ['--index']),
    drop: quietOnly('stash drop'),
    store: sub('stash store', [
      opt('-m, --message MESSAGE', 'git stash store -m wip HEAD'),
      HELP('git stash store'),
      ...plain('git stash store', 'HEAD', '-q, --quiet'),
    ]),
    branch: sub('stash branch', [HELP('git stash branch')]),
    clear: sub('stash clear', [HELP('git stash clear')]),
    create: sub('stash create', [HELP('git stash create')]),
  },
});

/** reflog: `git reflog [OPTIONS]` is `git reflog show`, log's options; `expire`/`delete` ask as before. */
const expireOptions = (tool: string) => [
  HELP(tool),
  ...plain(tool, '', '-n, --dry-run', '--rewrite', '--updateref', '--verbose'),
];
const reflog = sub('reflog', [HELP('git reflog')], {
  defaultSubcommand: 'show',
  subcommands: {
    show: logLike('reflog show'),
    expire: sub(
      'reflog expire',
      merge(
        expireOptions('git reflog expire'),
        plain(
          'git reflog expire',
          '',
          '--expire=TIME',
          '--expire-unreachable=TIME',
          '--stale-fix',
          '--all',
          '--single-worktree',
        ),
      ),
    ),
    delete: sub('reflog delete', expireOptions('git reflog delete')),
    exists: sub('reflog exists', [HELP('git reflog exists')]),
  },
});

export const PLUMBING_MODELS: Readonly<Record<string, ToolModel>> = {
  'rev-parse': revParse,
  'rev-list': revList,
  config,
  remote,
  stash,
  reflog,
};
