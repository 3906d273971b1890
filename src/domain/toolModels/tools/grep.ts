import type { ToolModel } from '../modelTypes.js';
import { parseArgv, usesOption } from '../parseArgv.js';
import { opt, plain } from '../spell.js';

/**
 * GNU grep 3.x, and egrep/fgrep (Debian: `exec grep -E/-F "$@"`) and zgrep (passes grep's
 * options on; the GREP it runs is judged with the other compressor scripts' variables in
 * tools/compressors.ts). The first operand is the pattern unless -e/-f gave one; -r/-R/`-d recurse`
 * read whole trees, `.` when no file is named.
 */
export const grepModel: ToolModel = {
  commands: ['grep', 'egrep', 'fgrep', 'zgrep'],
  options: [
    opt('-e, --regexp=PATTERNS', 'grep -e foo a.txt', 'none', { sets: 'pattern-given' }),
    opt('-f, --file=FILE', 'grep -f patterns.txt a.txt', 'read', { sets: 'pattern-given' }),
    opt('-r, --recursive', 'grep -r foo src', 'none', { sets: 'recursive' }),
    opt('-R, --dereference-recursive', 'grep -R foo src', 'none', { sets: 'recursive' }),
    opt('-d, --directories=ACTION', 'grep -d recurse foo src', 'none', { sets: 'recursive', whenValue: 'recurse' }),
    opt('--exclude-from=FILE', 'grep -r --exclude-from=skip.txt foo src', 'read'),
    ...plain(
      'grep',
      'foo a.txt',
      '-E, --extended-regexp',
      '-F, --fixed-strings',
      '-G, --basic-regexp',
      '-P, --perl-regexp',
      '-i, --ignore-case',
      '-y',
      '--no-ignore-case',
      '-w, --word-regexp',
      '-x, --line-regexp',
      '-z, --null-data',
      '-s, --no-messages',
      '-v, --invert-match',
      '-V, --version',
      '--help',
      '-m, --max-count=NUM',
      '-b, --byte-offset',
      '-n, --line-number',
      '--line-buffered',
      '-H, --with-filename',
      '-h, --no-filename',
      '--label=LABEL',
      '-o, --only-matching',
      '-q, --quiet, --silent',
      '--binary-files=TYPE',
      '-a, --text',
      '-I',
      '-D, --devices=ACTION',
      '--include=GLOB',
      '--exclude=GLOB',
      '--exclude-dir=GLOB',
      '-L, --files-without-match',
      '-l, --files-with-matches',
      '-c, --count',
      '-T, --initial-tab',
      '-Z, --null',
      '-B, --before-context=NUM',
      '-A, --after-context=NUM',
      '-C, --context=NUM',
      '--group-separator=SEP',
      '--no-group-separator',
      '--color[=WHEN], --colour[=WHEN]',
      '-U, --binary',
      '-u, --unix-byte-offsets',
      '--fixed-regexp',
      '-X MATCHER',
    ),
    // `-NUM` is context: grep takes each digit as an option, so `-5rn` is `-5 -r -n`.
    ...plain('grep', 'foo a.txt', '-0', '-1', '-2', '-3', '-4', '-5', '-6', '-7', '-8', '-9'),
  ],
  operands: { leading: ['none'], rest: 'read' },
  operandsWhen: { 'pattern-given': { rest: 'read' } },
  implicit: { raw: '.', when: 'recursive' },
};

/**
 * Whether grep enters directory links it meets inside a tree: only with -R (`-r` skips them). A
 * word the model does not know counts as -R (the stricter reading for the tree-secrets check).
 */
export function grepFollowsDirectoryLinks(args: readonly string[]): boolean {
  const parsed = parseArgv(grepModel, args);
  return parsed.unknown.length > 0 || usesOption(parsed, '--dereference-recursive');
}
