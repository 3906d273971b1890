import type { ToolModel } from '../modelTypes.js';
import { opt, plain } from '../spell.js';
import { bzip2Model, catOptions, xzModel } from './compressors.js';

// Byte and string dumpers: operands read, output on stdout.

/** GNU od: traditional `od FILE +OFFSET` operands count as reads too (stricter). */
export const odModel: ToolModel = {
  commands: ['od'],
  options: [
    opt('-S BYTES, --strings[=BYTES]', 'od -S 4 a.bin'),
    opt('-w[BYTES], --width[=BYTES]', 'od -w8 a.bin'),
    ...plain(
      'od',
      'a.bin',
      '-A, --address-radix=RADIX',
      '--endian=ORDER',
      '-j, --skip-bytes=BYTES',
      '-N, --read-bytes=BYTES',
      '-t, --format=TYPE',
      '-v, --output-duplicates',
      '--traditional',
      '--help',
      '--version',
      '-a',
      '-b',
      '-c',
      '-d',
      '-f',
      '-i',
      '-l',
      '-o',
      '-s',
      '-x',
      '-B',
      '-D',
      '-e',
      '-F',
      '-h',
      '-H',
      '-I',
      '-L',
      '-O',
      '-X',
    ),
  ],
  operands: { rest: 'read' },
};

/** util-linux hexdump: -f reads a file of format strings. */
export const hexdumpModel: ToolModel = {
  commands: ['hexdump'],
  options: [
    opt('-f, --format-file FILE', 'hexdump -f fmt.txt a.bin', 'read'),
    opt('-L, --color[=MODE]', 'hexdump -C --color=never a.bin'),
    ...plain(
      'hexdump',
      'a.bin',
      '-b, --one-byte-octal',
      '-X, --one-byte-hex',
      '-c, --one-byte-char',
      '-C, --canonical',
      '-d, --two-bytes-decimal',
      '-o, --two-bytes-octal',
      '-x, --two-bytes-hex',
      '-e, --format FORMAT',
      '-n, --length LENGTH',
      '-s, --skip OFFSET',
      '-v, --no-squeezing',
      '-h, --help',
      '-V, --version',
    ),
  ],
  operands: { rest: 'read' },
};

/** util-linux column. */
export const columnModel: ToolModel = {
  commands: ['column'],
  options: plain(
    'column',
    'a.txt',
    '-t, --table',
    '-n, --table-name NAME',
    '-O, --table-order COLUMNS',
    '-N, --table-columns NAMES',
    '-l, --table-columns-limit NUM',
    '-E, --table-noextreme COLUMNS',
    '-d, --table-noheadings',
    '-e, --table-header-repeat',
    '-H, --table-hide COLUMNS',
    '-R, --table-right COLUMNS',
    '-T, --table-truncate COLUMNS',
    '-W, --table-wrap COLUMNS',
    '-L, --keep-empty-lines',
    '-J, --json',
    '-r, --tree COLUMN',
    '-i, --tree-id COLUMN',
    '-p, --tree-parent COLUMN',
    '-c, --output-width WIDTH',
    '-o, --output-separator STRING',
    '-s, --separator STRING',
    '-x, --fillrows',
    '-h, --help',
    '-V, --version',
  ),
  operands: { rest: 'read' },
};

/** GNU strings (binutils): `@FILE` reads more options from FILE, which the review cannot see. */
export const stringsModel: ToolModel = {
  commands: ['strings'],
  options: plain(
    'strings',
    'a.bin',
    '-a, --all',
    '-d, --data',
    '-f, --print-file-name',
    '-n, --bytes=MIN',
    '-t, --radix=RADIX',
    '-w, --include-all-whitespace',
    '-o',
    '-T, --target=BFDNAME',
    '-e, --encoding=ENC',
    '-U, --unicode=MODE',
    '-s, --output-separator=SEP',
    '-h, --help',
    '-v, -V, --version',
  ),
  numeric: /^-[0-9]+$/,
  operands: { rest: 'read', listIf: /^@/ },
};

/** zcat (Debian: `gzip -cd "$@"`, so every gzip option), bzcat and xzcat: -c is forced, nothing is written. */
export const zcatModel: ToolModel = {
  commands: ['zcat'],
  options: [
    // `zcat -r DIR` prints every file below DIR (with -f, uncompressed ones as they are): a tree read.
    opt('-r, --recursive', 'zcat -r dir', 'none', { sets: 'recursive' }),
    // With -r, -f also follows the symlinks in the tree, as gzip's does.
    opt('-f, --force', 'zcat -f a.gz', 'none', {
      effectWhen: { recursive: 'list' },
      why: 'follows the symlinks in the tree, which the review does not follow',
    }),
    ...plain(
      'zcat',
      'a.gz',
      '-c, --stdout',
      '-d, --decompress',
      '-h, --help',
      '-k, --keep',
      '-l, --list',
      '-L, --license',
      '-n, --no-name',
      '-N, --name',
      '-q, --quiet',
      '--rsyncable',
      '-S, --suffix=SUF',
      '--synchronous',
      '-t, --test',
      '-v, --verbose',
      '-V, --version',
      '-1, --fast',
      '-2',
      '-3',
      '-4',
      '-5',
      '-6',
      '-7',
      '-8',
      '-9, --best',
    ),
  ],
  operands: { rest: 'read' },
};

export const bzcatModel: ToolModel = {
  commands: ['bzcat'],
  longPrefixes: false,
  options: catOptions(bzip2Model, 'bzcat'),
  operands: { rest: 'read' },
};

// xz's `--uncompress` and `--to-stdout` were never in xzcat's table: they keep asking.
export const xzcatModel: ToolModel = {
  commands: ['xzcat'],
  options: catOptions(xzModel, 'xzcat', ['--uncompress', '--to-stdout']),
  operands: { rest: 'read' },
};
