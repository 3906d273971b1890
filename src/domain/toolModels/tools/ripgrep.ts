import type { ToolModel } from '../modelTypes.js';
import { opt, plain } from '../spell.js';

/**
 * ripgrep 13/14 (not installed on every machine; long options exact). Reads its operands as
 * whole trees, `.` when none; --pre runs a program per file, -z runs decompressors found on
 * PATH, --hostname-bin runs a program.
 */
export const rgModel: ToolModel = {
  commands: ['rg'],
  longPrefixes: false,
  recursive: true,
  numeric: /^-[0-9]+$/,
  options: [
    opt('--pre=COMMAND', 'rg --pre ./conv foo', 'exec', { why: 'preprocesses every file through it' }),
    opt('-z, --search-zip', 'rg -z foo', 'exec', { why: 'runs decompression programs found on PATH' }),
    opt('--hostname-bin=COMMAND', 'rg --hostname-bin=./h foo', 'exec'),
    opt('--ignore-file=PATH', 'rg --ignore-file=skip.txt foo', 'read'),
    opt('-f, --file=PATTERNFILE', 'rg -f pats.txt src', 'read', { sets: 'pattern-given' }),
    opt('-e, --regexp=PATTERN', 'rg -e foo src', 'none', { sets: 'pattern-given' }),
    ...plain('rg', 'foo', '--pre-glob=GLOB', '--no-pre', '--no-search-zip', '-A, --after-context=NUM', '-B, --before-context=NUM',
      '-C, --context=NUM', '--binary', '--no-binary', '--block-buffered', '--no-block-buffered', '-b, --byte-offset', '--no-byte-offset',
      '-s, --case-sensitive', '--color=WHEN', '--colors=SPEC', '--column', '--no-column', '--context-separator=SEP',
      '--no-context-separator', '-c, --count', '--count-matches', '--crlf', '--no-crlf', '--debug', '--dfa-size-limit=NUM',
      '-E, --encoding=ENCODING', '--no-encoding', '--engine=ENGINE', '--field-context-separator=SEP', '--field-match-separator=SEP',
      '--files', '-l, --files-with-matches', '--files-without-match', '-F, --fixed-strings', '--no-fixed-strings', '-L, --follow',
      '--no-follow', '--generate=KIND', '-g, --glob=GLOB', '--glob-case-insensitive', '--no-glob-case-insensitive', '-h, --help',
      '--heading', '--no-heading', '--hidden', '--no-hidden', '--hyperlink-format=FORMAT', '--iglob=GLOB', '-i, --ignore-case',
      '--ignore-file-case-insensitive', '--no-ignore-file-case-insensitive', '--include-zero', '--no-include-zero',
      '-v, --invert-match', '--no-invert-match', '--json', '--no-json', '--line-buffered', '--no-line-buffered', '-n, --line-number',
      '-N, --no-line-number', '-x, --line-regexp', '-M, --max-columns=NUM', '--max-columns-preview', '--no-max-columns-preview',
      '-m, --max-count=NUM', '-d, --max-depth=NUM', '--maxdepth=NUM', '--max-filesize=NUM', '--mmap', '--no-mmap', '-U, --multiline',
      '--no-multiline', '--multiline-dotall', '--no-multiline-dotall', '--no-config', '-I, --no-filename', '--no-ignore',
      '--ignore', '--no-ignore-dot', '--ignore-dot', '--no-ignore-exclude', '--ignore-exclude', '--no-ignore-files', '--ignore-files',
      '--no-ignore-global', '--ignore-global', '--no-ignore-messages', '--ignore-messages', '--no-ignore-parent', '--ignore-parent',
      '--no-ignore-vcs', '--ignore-vcs', '--no-messages', '--messages', '--no-pcre2-unicode', '--pcre2-unicode', '--no-require-git',
      '--require-git', '--no-unicode', '--unicode', '-0, --null', '--null-data', '--one-file-system', '--no-one-file-system',
      '-o, --only-matching', '--passthru, --passthrough', '--path-separator=SEP', '-P, --pcre2', '--no-pcre2', '--pcre2-version',
      '-p, --pretty', '-q, --quiet', '--regex-size-limit=NUM', '-r, --replace=REPLACEMENT', '-S, --smart-case', '--sort=SORTBY',
      '--sortr=SORTBY', '--sort-files', '--no-sort-files', '--stats', '--no-stats', '--stop-on-nonmatch', '-a, --text', '--no-text',
      '-j, --threads=NUM', '--trace', '--trim', '--no-trim', '-t, --type=TYPE', '--type-add=TYPESPEC', '--type-clear=TYPE',
      '--type-list', '-T, --type-not=TYPE', '-u, --unrestricted', '-V, --version', '--vimgrep', '-H, --with-filename',
      '--no-with-filename', '-w, --word-regexp', '--auto-hybrid-regex', '--no-auto-hybrid-regex'),
  ],
  operands: { leading: ['none'], rest: 'read' },
  operandsWhen: { 'pattern-given': { rest: 'read' } },
  implicit: { raw: '.' },
};
