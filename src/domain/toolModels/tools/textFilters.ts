import type { ToolModel } from '../modelTypes.js';
import { opt, plain } from '../spell.js';

// coreutils (9.x) and util-linux filters that read their operands and write only to stdout.

export const catModel: ToolModel = {
  commands: ['cat'],
  options: plain(
    'cat',
    'a.txt',
    '-A, --show-all',
    '-b, --number-nonblank',
    '-e',
    '-E, --show-ends',
    '-n, --number',
    '-s, --squeeze-blank',
    '-t',
    '-T, --show-tabs',
    '-u',
    '-v, --show-nonprinting',
    '--help',
    '--version',
  ),
  operands: { rest: 'read' },
};

export const tacModel: ToolModel = {
  commands: ['tac'],
  options: plain('tac', 'a.txt', '-b, --before', '-r, --regex', '-s, --separator=STRING', '--help', '--version'),
  operands: { rest: 'read' },
};

/** util-linux rev. */
export const revModel: ToolModel = {
  commands: ['rev'],
  options: plain('rev', 'a.txt', '-h, --help', '-V, --version', '-0, --zero'),
  operands: { rest: 'read' },
};

export const nlModel: ToolModel = {
  commands: ['nl'],
  options: plain(
    'nl',
    'a.txt',
    '-b, --body-numbering=STYLE',
    '-d, --section-delimiter=CC',
    '-f, --footer-numbering=STYLE',
    '-h, --header-numbering=STYLE',
    '-i, --line-increment=NUMBER',
    '-l, --join-blank-lines=NUMBER',
    '-n, --number-format=FORMAT',
    '-p, --no-renumber',
    '-s, --number-separator=STRING',
    '-v, --starting-line-number=NUMBER',
    '-w, --number-width=NUMBER',
    '--help',
    '--version',
  ),
  operands: { rest: 'read' },
};

export const foldModel: ToolModel = {
  commands: ['fold'],
  numeric: /^-[0-9]+$/,
  options: plain('fold', 'a.txt', '-b, --bytes', '-s, --spaces', '-w, --width=WIDTH', '--help', '--version'),
  operands: { rest: 'read' },
};

export const fmtModel: ToolModel = {
  commands: ['fmt'],
  numeric: /^-[0-9]+$/,
  options: plain(
    'fmt',
    'a.txt',
    '-c, --crown-margin',
    '-p, --prefix=STRING',
    '-s, --split-only',
    '-t, --tagged-paragraph',
    '-u, --uniform-spacing',
    '-w, --width=WIDTH',
    '-g, --goal=WIDTH',
    '--help',
    '--version',
  ),
  operands: { rest: 'read' },
};

export const pasteModel: ToolModel = {
  commands: ['paste'],
  options: plain(
    'paste',
    'a.txt b.txt',
    '-d, --delimiters=LIST',
    '-s, --serial',
    '-z, --zero-terminated',
    '--help',
    '--version',
  ),
  operands: { rest: 'read' },
};

export const cutModel: ToolModel = {
  commands: ['cut'],
  options: plain(
    'cut',
    '-f1 a.txt',
    '-b, --bytes=LIST',
    '-c, --characters=LIST',
    '-d, --delimiter=DELIM',
    '-f, --fields=LIST',
    '-n',
    '--complement',
    '-s, --only-delimited',
    '--output-delimiter=STRING',
    '-z, --zero-terminated',
    '--help',
    '--version',
  ),
  operands: { rest: 'read' },
};

/** tr reads stdin only: its operands are character sets. */
export const trModel: ToolModel = {
  commands: ['tr'],
  options: plain(
    'tr',
    'a-z A-Z',
    '-c, -C, --complement',
    '-d, --delete',
    '-s, --squeeze-repeats',
    '-t, --truncate-set1',
    '--help',
    '--version',
  ),
  operands: { rest: 'none' },
};

export const joinModel: ToolModel = {
  commands: ['join'],
  options: plain(
    'join',
    'a.txt b.txt',
    '-a FILENUM',
    '-e STRING',
    '-i, --ignore-case',
    '-j FIELD',
    '-o FORMAT',
    '-t CHAR',
    '-v FILENUM',
    '-1 FIELD',
    '-2 FIELD',
    '--check-order',
    '--nocheck-order',
    '--header',
    '-z, --zero-terminated',
    '--help',
    '--version',
  ),
  operands: { rest: 'read' },
};

export const commModel: ToolModel = {
  commands: ['comm'],
  options: plain(
    'comm',
    'a.txt b.txt',
    '-1',
    '-2',
    '-3',
    '--check-order',
    '--nocheck-order',
    '--output-delimiter=STR',
    '--total',
    '-z, --zero-terminated',
    '--help',
    '--version',
  ),
  operands: { rest: 'read' },
};

export const cmpModel: ToolModel = {
  commands: ['cmp'],
  options: plain(
    'cmp',
    'a.txt b.txt',
    '-b, --print-bytes',
    '-i, --ignore-initial=SKIP',
    '-l, --verbose',
    '-n, --bytes=LIMIT',
    '-s, --quiet, --silent',
    '--help',
    '-v, --version',
  ),
  // `cmp A B SKIP1 SKIP2`: the third and fourth operands are byte offsets.
  operands: { leading: ['read', 'read', 'none', 'none'], rest: 'read' },
};

/** seq prints numbers: its operands are numbers. */
export const seqModel: ToolModel = {
  commands: ['seq'],
  numeric: /^-[0-9.]+$/,
  options: plain(
    'seq',
    '3',
    '-f, --format=FORMAT',
    '-s, --separator=STRING',
    '-w, --equal-width',
    '--help',
    '--version',
  ),
  operands: { rest: 'none' },
};

export const base64Model: ToolModel = {
  commands: ['base64'],
  options: plain('base64', 'a.bin', '-d, --decode', '-i, --ignore-garbage', '-w, --wrap=COLS', '--help', '--version'),
  operands: { rest: 'read' },
};

export const tsortModel: ToolModel = {
  commands: ['tsort'],
  options: plain('tsort', 'deps.txt', '--help', '--version'),
  operands: { rest: 'read' },
};

/** numfmt converts numbers given as operands (or stdin). */
export const numfmtModel: ToolModel = {
  commands: ['numfmt'],
  options: plain(
    'numfmt',
    '1024',
    '--debug',
    '-d, --delimiter=X',
    '--field=FIELDS',
    '--format=FORMAT',
    '--from=UNIT',
    '--from-unit=N',
    '--grouping',
    '--header[=N]',
    '--invalid=MODE',
    '--padding=N',
    '--round=METHOD',
    '--suffix=SUFFIX',
    '--to=UNIT',
    '--to-unit=N',
    '-z, --zero-terminated',
    '--help',
    '--version',
  ),
  operands: { rest: 'none' },
};

/** Checksum tools: operands (and with -c the files a checksum list names) are read. */
const SUM_OPTIONS = [
  '-b, --binary',
  '--tag',
  '-t, --text',
  '-z, --zero',
  '--ignore-missing',
  '--quiet',
  '--status',
  '--strict',
  '-w, --warn',
  '--help',
  '--version',
];

export const sumsModel: ToolModel = {
  commands: ['md5sum', 'sha1sum', 'sha224sum', 'sha256sum', 'sha384sum', 'sha512sum'],
  options: [
    // -c reads the files a list names but prints only OK/FAILED for each: nothing of their content.
    opt('-c, --check', 'sha256sum -c sums.txt'),
    ...plain('md5sum', 'a.txt', ...SUM_OPTIONS),
  ],
  operands: { rest: 'read' },
};

export const b2sumModel: ToolModel = {
  commands: ['b2sum'],
  options: [opt('-c, --check', 'b2sum -c sums.txt'), ...plain('b2sum', 'a.txt', '-l, --length=BITS', ...SUM_OPTIONS)],
  operands: { rest: 'read' },
};

export const cksumModel: ToolModel = {
  commands: ['cksum'],
  options: [
    opt('-c, --check', 'cksum -c sums.txt'),
    ...plain(
      'cksum',
      'a.txt',
      '-a, --algorithm=TYPE',
      '-l, --length=BITS',
      '--tag',
      '--untagged',
      '-z, --zero',
      '--ignore-missing',
      '--quiet',
      '--status',
      '--strict',
      '-w, --warn',
      '--debug',
      '--help',
      '--version',
      '--base64',
      '--raw',
    ),
  ],
  operands: { rest: 'read' },
};
