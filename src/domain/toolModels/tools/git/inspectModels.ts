import type { OptionModel, ToolModel } from '../../modelTypes.js';
import { opt, plain } from '../../spell.js';
import { diffOptions } from './diffOptions.js';
import { HELP, logOptions, merge, sub } from './modelParts.js';

/**
 * Option models of the rest of what `git:read-only` allows by name (issue 12): the diff
 * plumbing, range-diff, var and help. The diff plumbing takes the revision walk and the diff
 * options through setup_revisions (`--output=F` writes, `-O F` reads, as for log).
 */

/** diff-tree, diff-files, diff-index: their own options, then log's (setup_revisions). */
const diffPlumbing = (word: string, own: string[], first: OptionModel[] = [], numeric = true): ToolModel =>
  sub(
    word,
    merge(first, plain(`git ${word}`, '', ...own), logOptions(`git ${word}`)),
    numeric ? { numeric: /^-\d+$/ } : {},
  );

const diffTree = diffPlumbing(
  'diff-tree',
  [
    '-m',
    '-v',
    '--no-commit-id',
    '-t',
    '-r',
    '-c',
    '--cc',
    '--combined-all-paths',
    '--root',
    '--merge-base',
    '--always',
    '-a, --text',
  ],
  // Commits (or tree pairs) to compare, one a line: no paths, nothing the command line could not name.
  [opt('--stdin', 'git diff-tree --stdin', 'none', { why: 'commit names to compare' })],
);

const rangeDiff = sub(
  'range-diff',
  merge(
    [
      opt('--creation-factor N', 'git range-diff --creation-factor 60 a...b'),
      HELP('git range-diff'),
      ...plain(
        'git range-diff',
        'a...b',
        '--no-dual-color',
        '--dual-color',
        '--notes[=REF]',
        '--left-only',
        '--right-only',
      ),
    ],
    diffOptions('git range-diff'),
  ),
);

/** var: `-l` lists the variables and the config (as `git config --list`: see plumbingModels.ts). */
const varModel: ToolModel = {
  commands: ['git var'],
  longPrefixes: false,
  options: [opt('-l', 'git var -l'), HELP('git var')],
  operands: { rest: 'none' },
};

/** help: `git help CMD` shows the manual (man, a pager); `-w` starts a web browser (web--browse asks too). */
const help = sub('help', [
  opt('-w, --web', 'git help -w commit', 'exec', { why: 'starts a web browser' }),
  HELP('git help'),
  ...plain(
    'git help',
    '',
    '-a, --all',
    '--external-commands',
    '--aliases',
    '-m, --man',
    '-i, --info',
    '-v, --verbose',
    '-g, --guides',
    '--user-interfaces',
    '--developer-interfaces',
    '-c, --config',
  ),
]);

export const INSPECT_MODELS: Readonly<Record<string, ToolModel>> = {
  'diff-tree': diffTree,
  // `-0`..`-3` pick a stage of an unmerged path here, not a count (`-q` is log's `--quiet`).
  'diff-files': diffPlumbing('diff-files', ['-0', '-1', '-2', '-3', '-c', '--cc', '-a, --text'], [], false),
  'diff-index': diffPlumbing('diff-index', ['-m', '--cached', '--merge-base', '-a, --text']),
  'range-diff': rangeDiff,
  var: varModel,
  help,
};
