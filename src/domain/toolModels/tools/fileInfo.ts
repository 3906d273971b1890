import type { EnvironmentModel, ToolModel } from '../modelTypes.js';
import { opt, plain } from '../spell.js';

// Tools that report on files: sizes, names, modes, types. Contents are not printed (file's
// magic and strings excepted), but what they read is still judged as a read.

export const wcModel: ToolModel = {
  commands: ['wc'],
  options: [
    opt('--files0-from=F', 'wc -l --files0-from=list.txt', 'list'),
    ...plain(
      'wc',
      'a.txt',
      '-c, --bytes',
      '-m, --chars',
      '-l, --lines',
      '-L, --max-line-length',
      '-w, --words',
      '--total=WHEN',
      '--help',
      '--version',
    ),
  ],
  operands: { rest: 'read' },
};

export const duModel: ToolModel = {
  commands: ['du'],
  recursive: true,
  implicit: { raw: '.' },
  options: [
    opt('--files0-from=F', 'du --files0-from=list.txt', 'list'),
    opt('-X, --exclude-from=FILE', 'du -X skip.txt .', 'read'),
    ...plain(
      'du',
      '.',
      '-0, --null',
      '-a, --all',
      '--apparent-size',
      '-B, --block-size=SIZE',
      '-b, --bytes',
      '-c, --total',
      '-D, --dereference-args',
      '-d, --max-depth=N',
      '-H',
      '-h, --human-readable',
      '--inodes',
      '-k',
      '-L, --dereference',
      '-l, --count-links',
      '-m',
      '-P, --no-dereference',
      '-S, --separate-dirs',
      '--si',
      '-s, --summarize',
      '-t, --threshold=SIZE',
      '--time[=WORD]',
      '--time-style=STYLE',
      '--exclude=PATTERN',
      '-x, --one-file-system',
      '--help',
      '--version',
    ),
  ],
  operands: { rest: 'read' },
};

/** df names file systems or files on them; it reads no content. */
export const dfModel: ToolModel = {
  commands: ['df'],
  options: plain(
    'df',
    '.',
    '-a, --all',
    '-B, --block-size=SIZE',
    '-h, --human-readable',
    '-H, --si',
    '-i, --inodes',
    '-k',
    '-l, --local',
    '--no-sync',
    '--output[=FIELD_LIST]',
    '-P, --portability',
    '--sync',
    '--total',
    '-t, --type=TYPE',
    '-T, --print-type',
    '-x, --exclude-type=TYPE',
    '-v',
    '--help',
    '--version',
  ),
  operands: { rest: 'none' },
};

/** ls shows names and metadata only (the path policy treats it so); -R lists trees. */
export const lsModel: ToolModel = {
  commands: ['ls'],
  options: plain(
    'ls',
    '.',
    '-a, --all',
    '-A, --almost-all',
    '--author',
    '-b, --escape',
    '--block-size=SIZE',
    '-B, --ignore-backups',
    '-c',
    '-C',
    '--color[=WHEN]',
    '-d, --directory',
    '-D, --dired',
    '-f',
    '-F, --classify[=WHEN]',
    '--file-type',
    '--format=WORD',
    '--full-time',
    '-g',
    '--group-directories-first',
    '-G, --no-group',
    '-h, --human-readable',
    '--si',
    '-H, --dereference-command-line',
    '--dereference-command-line-symlink-to-dir',
    '--hide=PATTERN',
    '--hyperlink[=WHEN]',
    '--indicator-style=WORD',
    '-i, --inode',
    '-I, --ignore=PATTERN',
    '-k, --kibibytes',
    '-l',
    '-L, --dereference',
    '-m',
    '-n, --numeric-uid-gid',
    '-N, --literal',
    '-o',
    '-p',
    '-q, --hide-control-chars',
    '--show-control-chars',
    '-Q, --quote-name',
    '--quoting-style=WORD',
    '-r, --reverse',
    '-R, --recursive',
    '-s, --size',
    '-S',
    '--sort=WORD',
    '--time=WORD',
    '--time-style=TIME_STYLE',
    '-t',
    '-T, --tabsize=COLS',
    '-u',
    '-U',
    '-v',
    '-w, --width=COLS',
    '-x',
    '-X',
    '-Z, --context',
    '--zero',
    '-1',
    '--help',
    '--version',
    '--lcontext',
    '--scontext',
  ),
  operands: { rest: 'none' },
};

/** stat shows metadata; its format options are data. */
export const statModel: ToolModel = {
  commands: ['stat'],
  options: plain(
    'stat',
    'a.txt',
    '-L, --dereference',
    '-f, --file-system',
    '--cached=MODE',
    '-c, --format=FORMAT',
    '--printf=FORMAT',
    '-t, --terse',
    '--help',
    '--version',
  ),
  operands: { rest: 'none' },
};

/**
 * libmagic (file(1) "ENVIRONMENT"): MAGIC names the magic files, a `:` list, like `-m`; a line
 * that does not parse is printed in a warning, so `MAGIC=.env file x` prints the secret (attack
 * pass 10, P10-01). Judged as a read of each file, like `file -m`.
 */
export const FILE_ENVIRONMENT: EnvironmentModel = {
  MAGIC: { effect: 'read', split: ':', why: 'the magic files libmagic loads; lines it cannot parse are printed' },
};

/**
 * file (5.x): -m names magic files (read); -C compiles them into `NAME.mgc` next to the
 * source, a write the model cannot place: it asks. -f reads a list of names.
 */
export const fileModel: ToolModel = {
  commands: ['file'],
  options: [
    opt('-m, --magic-file LIST', 'file -m my.magic a.bin', 'read', { split: ':' }),
    opt('-C, --compile', 'file -C -m my.magic', 'system', { why: 'writes a compiled magic file beside the source' }),
    opt('-f, --files-from FILE', 'file -f list.txt', 'list'),
    ...plain(
      'file',
      'a.bin',
      '--help',
      '-v, --version',
      '-z, --uncompress',
      '-Z, --uncompress-noreport',
      '-b, --brief',
      '-c, --checking-printout',
      '-e, --exclude TEST',
      '--exclude-quiet TEST',
      '-F, --separator STRING',
      '-i, --mime',
      '--apple',
      '--extension',
      '--mime-type',
      '--mime-encoding',
      '-k, --keep-going',
      '-l, --list',
      '-L, --dereference',
      '-h, --no-dereference',
      '-n, --no-buffer',
      '-N, --no-pad',
      '-0, --print0',
      '-p, --preserve-date',
      '-P, --parameter NAME=VALUE',
      '-r, --raw',
      '-s, --special-files',
      '-S, --no-sandbox',
      '-d, --debug',
    ),
  ],
  operands: { rest: 'read' },
};

/** realpath/readlink/basename/dirname print names; they read no content. */
export const nameToolsModel: ToolModel = {
  commands: ['realpath'],
  options: plain(
    'realpath',
    'a.txt',
    '-e, --canonicalize-existing',
    '-m, --canonicalize-missing',
    '-L, --logical',
    '-P, --physical',
    '-q, --quiet',
    '--relative-to=DIR',
    '--relative-base=DIR',
    '-s, --strip, --no-symlinks',
    '-z, --zero',
    '--help',
    '--version',
  ),
  operands: { rest: 'none' },
};

export const readlinkModel: ToolModel = {
  commands: ['readlink'],
  options: plain(
    'readlink',
    'a.txt',
    '-f, --canonicalize',
    '-e, --canonicalize-existing',
    '-m, --canonicalize-missing',
    '-n, --no-newline',
    '-q, --quiet',
    '-s, --silent',
    '-v, --verbose',
    '-z, --zero',
    '--help',
    '--version',
  ),
  operands: { rest: 'none' },
};

export const basenameModel: ToolModel = {
  commands: ['basename'],
  options: plain('basename', 'a/b.txt', '-a, --multiple', '-s, --suffix=SUFFIX', '-z, --zero', '--help', '--version'),
  operands: { rest: 'none' },
};

export const dirnameModel: ToolModel = {
  commands: ['dirname'],
  options: plain('dirname', 'a/b.txt', '-z, --zero', '--help', '--version'),
  operands: { rest: 'none' },
};
