import type { ToolModel } from '../modelTypes.js';
import { opt, plain } from '../spell.js';

const PROGRAM = 'awkProgram.ts (the program text is scanned for system, pipes and redirections)';
// `version` in any abbreviation (`mawk -Wv`; gawk's `--v` is `--version` too: no other long option
// starts with v); `posix` (gawk's `--posix`, mawk's abbreviation of `posix_space`).
const W_DATA = '(?:v(?:e(?:r(?:s(?:i(?:on?)?)?)?)?)?|help|usage|interactive|posix(?:_space)?|random=\\d+|sprintf=\\d+)';

/**
 * awk as installed under any of its names: the union of gawk 5.x and mawk 1.3.4 (Debian's
 * `awk`, `nawk` and `mawk` are mawk; `gawk` is GNU awk), read the stricter way where they differ.
 * The program (first operand, or `-e`/`--source` text) is data here: awkProgram.ts judges it.
 * `-f`, `-E`, `-i` load program files the review cannot see; `-l` loads a native extension;
 * mawk's `-W exec FILE` runs a program file (any `-W` word but the harmless ones asks, since
 * gawk reads `-W WORD` as `--WORD`); `--dump-variables`, `--profile`, `--pretty-print` write a
 * file (`awkvars.out`, `awkprof.out` when none is named). Both stop at the program (no permutation).
 */
export const awkModel: ToolModel = {
  commands: ['awk', 'gawk', 'mawk', 'nawk'],
  ownsPaths: true,
  permute: false,
  options: [
    opt('-f progfile, --file=progfile', 'awk -f prog.awk in.txt', 'loads', {
      sets: 'pattern-given',
      why: 'a program file the review cannot see',
    }),
    opt('-E file, --exec=file', 'gawk -E prog.awk in.txt', 'loads', {
      sets: 'pattern-given',
      why: 'a program file the review cannot see',
    }),
    opt('-i includefile, --include=includefile', 'gawk -i lib.awk {print} in.txt', 'loads'),
    opt('-l library, --load=library', 'gawk -l ordchr {print} in.txt', 'exec', {
      why: 'loads a native extension library',
    }),
    opt('-e program-text, --source=program-text', 'gawk -e {print} in.txt', 'none', {
      sets: 'pattern-given',
      reviewedBy: PROGRAM,
    }),
    opt('-W option', 'mawk -W exec prog.awk', 'exec', {
      dataIf: new RegExp(`^${W_DATA}(?:,${W_DATA})*$`),
      why: 'mawk `-W exec FILE` runs a program file; gawk reads `-W WORD` as `--WORD`',
    }),
    opt('-d[file], --dump-variables[=file]', 'gawk -dvars.txt {print} in.txt', 'write', {
      defaultValue: 'awkvars.out',
    }),
    opt('-o[file], --pretty-print[=file]', 'gawk -oout.awk {print}', 'write', { defaultValue: 'awkprof.out' }),
    opt('-p[file], --profile[=file]', 'gawk -pprof.out {print} in.txt', 'write', { defaultValue: 'awkprof.out' }),
    opt('-D[file], --debug[=file]', 'gawk -Dcmds.txt {print} in.txt', 'loads', {
      why: 'the debugger reads its commands there (or from stdin)',
    }),
    opt('-v var=val, --assign=var=val', 'awk -v n=1 {print} in.txt'),
    opt('-F fs, --field-separator=fs', 'awk -F : {print} in.txt'),
    ...plain(
      'gawk',
      '{print} in.txt',
      '-b, --characters-as-bytes',
      '-c, --traditional',
      '-C, --copyright',
      '-g, --gen-pot',
      '-h, --help, --usage',
      '-I, --trace',
      '-k, --csv',
      '-L[fatal], --lint[=fatal]',
      '-M, --bignum',
      '-N, --use-lc-numeric',
      '-n, --non-decimal-data',
      '-O, --optimize',
      '-P, --posix',
      '-r, --re-interval',
      '-s, --no-optimize',
      // Disables system(), redirections and extensions: only narrows what the program may do.
      '-S, --sandbox',
      '-t, --lint-old',
      '-V, --version',
    ),
  ],
  // The program, then files read; `var=value` operands are assignments.
  operands: { leading: ['none'], rest: 'read', dataIf: /^[A-Za-z_][A-Za-z0-9_]*=/ },
  operandsWhen: { 'pattern-given': { rest: 'read', dataIf: /^[A-Za-z_][A-Za-z0-9_]*=/ } },
};
