import type { ToolModel } from '../modelTypes.js';
import { parseArgv, usesOption } from '../parseArgv.js';
import { opt, plain } from '../spell.js';

/**
 * The Silver Searcher 2.2 (src/options.c; getopt_long: long prefixes, options anywhere). A
 * search like grep's and rg's: the first operand is the pattern, the rest are read as whole
 * trees, `.` when none; `-g PATTERN` lists file names, so every operand is then a path.
 * `--pager CMD` pipes the output through `popen(CMD)`: it runs a program. `-p FILE` reads an
 * ignore file. `-z` decompresses in process (zlib, liblzma): a read. `-A`/`-B`/`-C` take a
 * number only when it is one (otherwise ag puts the word back as the pattern), so a value is read
 * attached only and any next word stays an operand: the stricter reading, which reads more paths.
 */
const LANGUAGES = (
  'actionscript ada asciidoc apl asm asp aspx batch bazel bitbake cc cfmx chpl clojure coffee ' +
  'config coq cpp crystal csharp cshtml css cython delphi dlang dot dts ebuild elisp elixir elm ' +
  'erlang factor fortran fsharp gettext glsl go gradle groovy haml handlebars haskell haxe hh ' +
  'html idris ini ipython isabelle j jade java jinja2 js json jsp julia kotlin less liquid lisp ' +
  'log lua m4 make mako markdown mason matlab mathematica md mercury naccess nim nix objc objcpp ' +
  'ocaml octave org parrot pdb perl php pike plist plone powershell proto ps1 pug puppet python ' +
  'qml racket rake razor restructuredtext rs r rdoc ruby rust salt sass scala scheme shell ' +
  'smalltalk sml sql stata stylus swift tcl terraform tex thrift tla tt toml ts twig vala vb ' +
  'velocity verilog vhdl vim vue wix wsdl wadl xml yaml zeek zephir'
).split(' ');

export const agModel: ToolModel = {
  commands: ['ag'],
  recursive: true,
  options: [
    opt('--pager=COMMAND', 'ag --pager less foo', 'exec', { why: 'the output is piped through it (popen)' }),
    opt('-p, --path-to-ignore=FILE', 'ag -p skip.txt foo', 'read'),
    opt('-g, --filename-pattern=PATTERN', 'ag -g spec src', 'none', { sets: 'pattern-given' }),
    opt('-A, --after[=LINES]', 'ag -A3 foo', 'none', { shortArity: 'optional' }),
    opt('-B, --before[=LINES]', 'ag -B3 foo', 'none', { shortArity: 'optional' }),
    opt('-C, --context[=LINES]', 'ag -C3 foo', 'none', { shortArity: 'optional' }),
    ...plain(
      'ag',
      'foo',
      '--ackmate',
      '--ackmate-dir-filter=REGEX',
      '--affinity',
      '--no-affinity',
      '--noaffinity',
      '-t, --all-text',
      '-a, --all-types',
      '--break',
      '--no-break',
      '--nobreak',
      '-s, --case-sensitive',
      '--color',
      '--no-color',
      '--nocolor',
      '--color-line-number=COLOR',
      '--color-match=COLOR',
      '--color-path=COLOR',
      '--color-win-ansi',
      '--column',
      '-c, --count',
      '-D, --debug',
      '--depth=NUM',
      '--filename',
      '--no-filename',
      '--nofilename',
      '-G, --file-search-regex=PATTERN',
      '-l, --files-with-matches',
      '-L, --files-without-matches',
      '-F, --fixed-strings',
      '-f, --follow',
      '--no-follow',
      '--nofollow',
      '--group',
      '--no-group',
      '--nogroup',
      '-H, --heading',
      '--no-heading',
      '--noheading',
      '-h, --help',
      '--hidden',
      '--ignore=PATTERN',
      '-i, --ignore-case',
      '--ignore-dir=NAME',
      '-v, --invert-match',
      '--line-numbers',
      '--list-file-types',
      '-Q, --literal',
      '--match',
      '-m, --max-count=NUM',
      '--mmap',
      '--no-mmap',
      '--nommap',
      '--multiline',
      '--no-multiline',
      '--nomultiline',
      '--numbers',
      '--no-numbers',
      '--nonumbers',
      '--no-pager',
      '--nopager',
      '-n, --no-recurse, --norecurse',
      '-0, --null, --print0',
      '-o, --only-matching',
      '--one-device',
      '--parallel',
      '--passthrough, --passthru',
      '--print-all-files',
      '--print-long-lines',
      '-r, -R, --recurse',
      '--search-binary',
      '--search-files',
      '-z, --search-zip',
      '--silent',
      '-U, --skip-vcs-ignores',
      '-S, --smart-case',
      '--stats',
      '--stats-only',
      '-u, --unrestricted',
      '-V, --version',
      '--vimgrep',
      '-W, --width=NUM',
      '-w, --word-regexp',
      '--workers=NUM',
      ...LANGUAGES.map((l) => `--${l}`),
    ),
  ],
  operands: { leading: ['none'], rest: 'read' },
  operandsWhen: { 'pattern-given': { rest: 'read' } },
  implicit: { raw: '.' },
};

/** Whether ag enters directory links: with -f/--follow (an unknown word counts as it). */
export function agFollowsDirectoryLinks(args: readonly string[]): boolean {
  const parsed = parseArgv(agModel, args);
  return parsed.unknown.length > 0 || usesOption(parsed, '--follow');
}
