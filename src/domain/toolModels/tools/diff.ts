import type { ToolModel } from '../modelTypes.js';
import { opt, plain } from '../spell.js';

/** GNU diff 3.x: operands read (whole trees with -r); --from-file/--to-file name one more input. */
export const diffModel: ToolModel = {
  commands: ['diff'],
  numeric: /^-[0-9]+$/,
  options: [
    opt('-r, --recursive', 'diff -r a b', 'none', { sets: 'recursive' }),
    opt('--from-file=FILE1', 'diff --from-file=a.txt b.txt', 'read', { recursive: true }),
    opt('--to-file=FILE2', 'diff --to-file=b.txt a.txt', 'read', { recursive: true }),
    opt('-X, --exclude-from=FILE', 'diff -r -X skip.txt a b', 'read'),
    opt('-l, --paginate', 'diff -l a.txt b.txt', 'none', { why: 'pipes the output through pr' }),
    opt('-c', 'diff -c a.txt b.txt'), opt('-C NUM', 'diff -C 3 a.txt b.txt'), opt('--context[=NUM]', 'diff --context=3 a.txt b.txt'),
    opt('-u', 'diff -u a.txt b.txt'), opt('-U NUM', 'diff -U 3 a.txt b.txt'), opt('--unified[=NUM]', 'diff --unified=3 a.txt b.txt'),
    ...plain('diff', 'a.txt b.txt', '--normal', '-q, --brief', '-s, --report-identical-files', '-e, --ed', '-n, --rcs', '-y, --side-by-side',
      '-W, --width=NUM', '--left-column', '--suppress-common-lines', '-p, --show-c-function', '-F, --show-function-line=RE',
      '--label=LABEL', '-t, --expand-tabs', '-T, --initial-tab', '--tabsize=NUM', '--suppress-blank-empty', '--no-dereference',
      '-N, --new-file', '--unidirectional-new-file', '--ignore-file-name-case', '--no-ignore-file-name-case', '-x, --exclude=PAT',
      '-S, --starting-file=FILE', '-i, --ignore-case', '-E, --ignore-tab-expansion', '-Z, --ignore-trailing-space',
      '-b, --ignore-space-change', '-w, --ignore-all-space', '-B, --ignore-blank-lines', '-I, --ignore-matching-lines=RE',
      '-a, --text', '--strip-trailing-cr', '-D, --ifdef=NAME', '--old-group-format=GFMT', '--new-group-format=GFMT',
      '--changed-group-format=GFMT', '--unchanged-group-format=GFMT', '--line-format=LFMT', '--old-line-format=LFMT',
      '--new-line-format=LFMT', '--unchanged-line-format=LFMT', '-d, --minimal', '--horizon-lines=NUM', '-H, --speed-large-files',
      '--color[=WHEN]', '--palette=PALETTE', '--help', '-v, --version', '--binary'),
  ],
  operands: { rest: 'read' },
};
