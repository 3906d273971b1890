import type { EnvironmentModel, OptionModel, ToolModel } from '../modelTypes.js';
import { opt, plain } from '../spell.js';

/**
 * The single-file compressors: gzip 1.12, bzip2 1.0.8, xz 5.4, zstd 1.5 (and their `un…` names,
 * which start in `decompress`). Each operand is replaced by an output beside it (`sibling`:
 * `a` → `a.gz`, `a.gz` → `a`): the input is deleted unless `-k` (`keeps`) or `-c` (`to-stdout`),
 * and `-l`/`-t` only read (`lists`). zstd keeps its input unless `--rm` (`removes`) and writes a
 * named output with `-o` (`output-named`). `-r` replaces every file below a directory.
 */
const LEVELS = ['-1', '-2', '-3', '-4', '-5', '-6', '-7', '-8', '-9'];

const KEEP_OR_READ = { 'to-stdout': { rest: 'read' }, lists: { rest: 'read' }, keeps: { rest: 'read' } } as const;

export const gzipModel: ToolModel = {
  commands: ['gzip', 'gunzip'],
  ownsPaths: true,
  startModes: { gunzip: ['decompress'] },
  sibling: { suffix: '.gz', strips: /(?:\.gz|\.tgz|\.taz|\.z|-gz|-z|_z)$/i },
  options: [
    opt('-c, --stdout, --to-stdout', 'gzip -c a.txt', 'none', { sets: 'to-stdout' }),
    opt('-d, --decompress, --uncompress', 'gzip -d a.txt.gz', 'none', { sets: 'decompress' }),
    opt('-k, --keep', 'gzip -k a.txt', 'none', { sets: 'keeps' }),
    opt('-l, --list', 'gzip -l a.txt.gz', 'none', { sets: 'lists' }),
    opt('-t, --test', 'gzip -t a.txt.gz', 'none', { sets: 'lists' }),
    opt('-r, --recursive', 'gzip -r dir', 'none', { sets: 'recursive' }),
    opt('-S, --suffix=SUF', 'gzip -S .z a.txt', 'none', { siblingSuffix: true }),
    // Decompressing, -N names the output with the name stored in the archive (`.env`, `.envrc`).
    opt('-N, --name', 'gunzip -N a.txt.gz', 'none', {
      effectWhen: { decompress: 'list' },
      why: 'the output takes the name stored in the archive',
    }),
    // With -r, -f also compresses the files symlinks in the tree point at (attack pass 7).
    opt('-f, --force', 'gzip -f a.txt', 'none', {
      effectWhen: { recursive: 'list' },
      why: 'follows the symlinks in the tree, which the review does not follow',
    }),
    ...plain(
      'gzip',
      'a.txt',
      '-h, --help',
      // Undocumented: -H prints the help too, -a is --ascii (a no-op on POSIX), -b BITS is accepted
      // for compatibility, -m/-M turn off/on saving the time stamp.
      '-H',
      '-a, --ascii',
      '-b BITS',
      '-m',
      '-M',
      '-L, --license',
      '-n, --no-name',
      '-q, --quiet, --silent',
      '--rsyncable',
      '--synchronous',
      '-v, --verbose',
      '-V, --version',
      '-1, --fast',
      '-9, --best',
      ...LEVELS.slice(1, 8),
    ),
  ],
  operands: { rest: 'delete' },
  operandsWhen: KEEP_OR_READ,
};

export const bzip2Model: ToolModel = {
  commands: ['bzip2', 'bunzip2'],
  ownsPaths: true,
  // bzip2's own parser: long flags are compared exactly.
  longPrefixes: false,
  startModes: { bunzip2: ['decompress'] },
  sibling: { suffix: '.bz2', strips: /\.(?:bz2|bz|tbz2|tbz)$/i },
  options: [
    opt('-c, --stdout', 'bzip2 -c a.txt', 'none', { sets: 'to-stdout' }),
    opt('-d, --decompress', 'bzip2 -d a.txt.bz2', 'none', { sets: 'decompress' }),
    opt('-z, --compress', 'bunzip2 -z a.txt', 'none', { sets: 'compress' }),
    opt('-k, --keep', 'bzip2 -k a.txt', 'none', { sets: 'keeps' }),
    opt('-t, --test', 'bzip2 -t a.txt.bz2', 'none', { sets: 'lists' }),
    ...plain(
      'bzip2',
      'a.txt',
      '-h, --help',
      '-f, --force',
      '-q, --quiet',
      '-v, --verbose',
      '-L, --license',
      '-V, --version',
      '-s, --small',
      '--fast',
      '--best',
      // Accepted and ignored since 0.9.5.
      '--repetitive-fast',
      '--repetitive-best',
      '--exponential',
      ...LEVELS,
    ),
  ],
  operands: { rest: 'delete' },
  operandsWhen: KEEP_OR_READ,
};

export const xzModel: ToolModel = {
  commands: ['xz', 'unxz'],
  ownsPaths: true,
  startModes: { unxz: ['decompress'] },
  sibling: { suffix: '.xz', strips: /\.(?:xz|txz|lzma|tlz|lz)$/i },
  options: [
    opt('-z, --compress', 'unxz -z a.txt', 'none', { sets: 'compress' }),
    opt('-d, --decompress, --uncompress', 'xz -d a.txt.xz', 'none', { sets: 'decompress' }),
    opt('-t, --test', 'xz -t a.txt.xz', 'none', { sets: 'lists' }),
    opt('-l, --list', 'xz -l a.txt.xz', 'none', { sets: 'lists' }),
    opt('-k, --keep', 'xz -k a.txt', 'none', { sets: 'keeps' }),
    opt('-c, --stdout, --to-stdout', 'xz -c a.txt', 'none', { sets: 'to-stdout' }),
    opt('-S, --suffix=.SUF', 'xz -S .x a.txt', 'none', { siblingSuffix: true }),
    opt('--files[=FILE]', 'xz --files=list.txt', 'list'),
    opt('--files0[=FILE]', 'xz --files0=list.txt', 'list'),
    ...plain(
      'xz',
      'a.txt',
      '-f, --force',
      '--single-stream',
      '--no-sparse',
      '-F, --format=FMT',
      '-C, --check=CHECK',
      '--ignore-check',
      '-0',
      ...LEVELS,
      '-e, --extreme',
      '-T, --threads=NUM',
      '--block-size=SIZE',
      '--block-list=SIZES',
      '--flush-timeout=TIMEOUT',
      '--memlimit-compress=LIMIT',
      '--memlimit-decompress=LIMIT',
      '--memlimit-mt-decompress=LIMIT',
      '-M, --memlimit=LIMIT, --memory=LIMIT',
      '--no-adjust',
      '--lzma1[=OPTS]',
      '--lzma2[=OPTS]',
      '--x86[=OPTS]',
      '--arm[=OPTS]',
      '--armthumb[=OPTS]',
      '--arm64[=OPTS]',
      '--powerpc[=OPTS]',
      '--ia64[=OPTS]',
      '--sparc[=OPTS]',
      '--delta[=OPTS]',
      // xz 5.6: filter chains as strings, and their help.
      '--riscv[=OPTS]',
      '--filters=FILTERS',
      ...[1, 2, 3, 4, 5, 6, 7, 8, 9].map((n) => `--filters${n}=FILTERS`),
      '--filters-help',
      '--no-sync',
      '-q, --quiet',
      '-v, --verbose',
      '-Q, --no-warn',
      '--robot',
      '--info-memory',
      '-h, --help',
      '-H, --long-help',
      '-V, --version',
    ),
  ],
  operands: { rest: 'delete' },
  operandsWhen: KEEP_OR_READ,
};

export const zstdModel: ToolModel = {
  commands: ['zstd', 'unzstd'],
  ownsPaths: true,
  // zstd's own parser: long options compared exactly; numeric letters take attached digits only.
  longPrefixes: false,
  startModes: { unzstd: ['decompress'] },
  sibling: { suffix: '.zst', strips: /\.(?:zst|tzst|gz|tgz|xz|txz|lzma|lz4)$/i },
  options: [
    opt('-o OUTPUT', 'zstd a.txt -o out.zst', 'write', { sets: 'output-named' }),
    opt('--rm', 'zstd --rm a.txt', 'none', { sets: 'removes' }),
    opt('-k, --keep', 'zstd -k a.txt', 'none', { sets: 'keeps' }),
    opt('-d, --decompress, --uncompress', 'zstd -d a.txt.zst', 'none', { sets: 'decompress' }),
    opt('-z, --compress', 'unzstd -z a.txt', 'none', { sets: 'compress' }),
    opt('-c, --stdout', 'zstd -c a.txt', 'none', { sets: 'to-stdout' }),
    opt('-l, --list', 'zstd -l a.txt.zst', 'none', { sets: 'lists' }),
    opt('-t, --test', 'zstd -t a.txt.zst', 'none', { sets: 'lists' }),
    opt('-r', 'zstd -r dir', 'none', { sets: 'recursive' }),
    opt('-D DICT', 'zstd -D dict.bin a.txt', 'read'),
    opt('--patch-from=REF', 'zstd --patch-from=old.bin new.bin', 'read'),
    opt('--trace LOG', 'zstd --trace trace.log a.txt', 'write'),
    opt('--filelist LIST', 'zstd --filelist list.txt', 'list'),
    opt('--output-dir-flat DIR', 'zstd --output-dir-flat out a.txt', 'write', { recursive: true }),
    opt('--output-dir-mirror DIR', 'zstd --output-dir-mirror out a.txt', 'write', { recursive: true }),
    // Trains a dictionary from the operands, written to `-o NAME` or `dictionary`.
    opt('--train', 'zstd --train samples/a samples/b', 'write', { sets: 'output-named', defaultValue: 'dictionary' }),
    opt('--train-cover[=ARGS]', 'zstd --train-cover samples/a', 'write', {
      sets: 'output-named',
      defaultValue: 'dictionary',
    }),
    opt('--train-fastcover[=ARGS]', 'zstd --train-fastcover samples/a', 'write', {
      sets: 'output-named',
      defaultValue: 'dictionary',
    }),
    opt('--train-legacy[=ARGS]', 'zstd --train-legacy samples/a', 'write', {
      sets: 'output-named',
      defaultValue: 'dictionary',
    }),
    // Numeric letters: the digits are attached (`-T4`); `-T 4` is `-T` and a file named 4.
    opt('-T', 'zstd -T4 a.txt', 'none', { arity: 'optional' }),
    opt('-B', 'zstd -B1024 a.txt', 'none', { arity: 'optional' }),
    opt('-M', 'zstd -d -M64 a.txt.zst', 'none', { arity: 'optional' }),
    opt('-b', 'zstd -b3 a.txt', 'none', { arity: 'optional' }),
    opt('-e', 'zstd -b1 -e3 a.txt', 'none', { arity: 'optional' }),
    opt('-i', 'zstd -b1 -i2 a.txt', 'none', { arity: 'optional' }),
    ...plain(
      'zstd',
      'a.txt',
      '-0',
      ...LEVELS,
      '-f, --force',
      '-h',
      '-H, --help',
      '-V, --version',
      '-v, --verbose',
      '-q, --quiet',
      '--progress',
      '--no-progress',
      '--asyncio',
      '--no-asyncio',
      '--check',
      '--no-check',
      '-C',
      '--ultra',
      '--fast[=N]',
      '--adapt[=ARGS]',
      '--long[=N]',
      '--single-thread',
      '--threads=N',
      '--auto-threads=KIND',
      '--rsyncable',
      '--exclude-compressed',
      '--stream-size=N',
      '--size-hint=N',
      '--target-compressed-block-size=N',
      '--block-size=N',
      '--no-dictID',
      '--compress-literals',
      '--no-compress-literals',
      '--row-match-finder',
      '--no-row-match-finder',
      '--format=FMT',
      '--memory=N',
      '--memlimit=N',
      '--memlimit-decompress=N',
      '--sparse',
      '--no-sparse',
      '--pass-through',
      '--no-pass-through',
      '--content-size',
      '--no-content-size',
      '--show-default-cparams',
      '--zstd=ARGS',
      '--maxdict=N',
      '--dictID=N',
      '-S',
      '--priority=rt',
    ),
  ],
  operands: { rest: 'read' },
  operandsWhen: { removes: { rest: 'delete' }, 'to-stdout': { rest: 'read' }, lists: { rest: 'read' } },
};

/**
 * The options of a compressor's `…cat` name (`bzcat` is `bzip2 -dc`, `xzcat` is `xz -dc`): the
 * compressor's entries, their examples spelled with `cat`, less the spellings in `except` (ones
 * the cat's table never took, which keep asking). The modes they set change nothing there: a cat
 * model writes no sibling output and has no operand modes.
 */
export function catOptions(model: ToolModel, cat: string, except: readonly string[] = []): OptionModel[] {
  return model.options.flatMap((o) => {
    const names = o.names.filter((n) => !except.includes(n));
    if (names.length === 0) return [];
    return [{ ...o, names, example: `${cat}${o.example.slice(o.example.indexOf(' '))}` }];
  });
}

/**
 * The shell scripts these packages ship beside the compressors (/usr/bin/zgrep, zdiff, zcmp, zmore,
 * bzgrep, bzdiff, xzgrep, xzdiff, xzmore, lzgrep, zstdgrep, zstdless, …: read on Debian 12) run
 * the program a variable names through `eval` or an unquoted expansion: `GREP='rm -rf x' zgrep
 * hi a` runs rm (attack pass 13). zgrep is allowed (tools/grep.ts); the others have no model.
 * PAGER (zmore, xzmore, lzmore) is judged with the other pagers (policy/envAssignments.ts).
 */
export const COMPRESSOR_SCRIPT_ENVIRONMENT: EnvironmentModel = {
  GREP: {
    effect: 'exec',
    why: 'the grep zgrep, xzgrep, bzgrep and zstdgrep run (zgrep evals it)',
    dataIf: /^[ef]?grep$/,
  },
  EGREP: { effect: 'exec', why: 'the egrep bzegrep runs' },
  FGREP: { effect: 'exec', why: 'the fgrep bzfgrep runs' },
  CMP: { effect: 'exec', why: 'the cmp zcmp, xzcmp and bzcmp run (zdiff evals it)' },
  DIFF: { effect: 'exec', why: 'the diff zdiff, xzdiff and bzdiff run (zdiff evals it)' },
  ZCAT: { effect: 'exec', why: 'the decompressor zstdgrep runs' },
  ZSTD: { effect: 'exec', why: 'the zstd zstdless puts in LESSOPEN (run through the shell)' },
};
