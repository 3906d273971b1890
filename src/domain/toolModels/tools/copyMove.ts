import type { EnvironmentModel, ToolModel } from '../modelTypes.js';
import { parseArgv } from '../parseArgv.js';
import { opt, plain } from '../spell.js';

/*
 * GNU coreutils cp, mv, install and ln (9.1, with the options later releases added: `--debug`,
 * `--update[=WHEN]`, `--exchange`, `--no-copy`). Sources are operands, the last operand is the
 * destination (written), unless `-t DIR` names it (mode `target-given`: every operand is a
 * source). Where a source lands below a directory destination (`cp x ~/` writes `~/x`), `ln`'s
 * relative link targets and device nodes replaced are judged by pathArgs.ts (copyLanding.ts)
 * from this model's parse. Backups (`-b`, `--backup`, `-S SUFFIX`) rename what was at a written
 * path to that name plus the suffix, which is judged as a write too (copyOperands.ts, pathArgs.ts);
 * GNU's backupfile.c replaces a suffix holding a `/` by `~` (checked: `mv -T -b -S /../../x d1 d2`
 * makes `d2~`).
 */
/**
 * The backup suffix from the environment (coreutils "Backup options"): with `-b` and no `-S`, an
 * existing destination is renamed to NAME plus this, which the review cannot place (`.e` plus
 * `nvrc` is `.envrc`, attack pass 10). `-S` on the line is judged as a write (copyOperands.ts).
 */
export const BACKUP_ENVIRONMENT: EnvironmentModel = {
  SIMPLE_BACKUP_SUFFIX: {
    effect: 'loads',
    why: 'renames an existing destination to its name plus this suffix (cp/mv/install/ln -b), a name the review cannot place',
    dataIf: /^~?$/,
  },
};

const COMMON = [
  '--backup[=CONTROL]',
  '-b',
  '-S, --suffix=SUFFIX',
  '-T, --no-target-directory',
  '-v, --verbose',
  '--help',
  '--version',
];
/** cp and mv: overwrite and update controls. */
const OVERWRITE = [
  '-f, --force',
  '-i, --interactive',
  '-n, --no-clobber',
  '--strip-trailing-slashes',
  '-u',
  '--update[=UPDATE]',
  '--debug',
];

const target = (tool: string) =>
  opt('-t, --target-directory=DIRECTORY', `${tool} -t out a.txt`, 'write', { sets: 'target-given' });

export const cpModel: ToolModel = {
  commands: ['cp'],
  options: [
    target('cp'),
    opt('-R, -r, --recursive', 'cp -r src out', 'none', { sets: 'recursive' }),
    opt('-a, --archive', 'cp -a src out', 'none', { sets: 'recursive' }),
    // A link to a source makes the source writable through it (pathArgs.ts reads `ln` the same way).
    opt('-l, --link', 'cp -l a.txt b.txt', 'none', { sets: 'links' }),
    opt('-s, --symbolic-link', 'cp -s a.txt b.txt', 'none', { sets: 'links' }),
    // With -r, -L copies what every symlink in the tree points at as a plain file: a link to
    // ~/.ssh/id_rsa inside the tree becomes a readable copy (attack pass 7).
    opt('-L, --dereference', 'cp -L a.txt b.txt', 'none', {
      effectWhen: { recursive: 'list' },
      why: 'copies the targets of the symlinks in the tree, which the review does not follow',
    }),
    ...plain(
      'cp',
      'a.txt b.txt',
      ...COMMON,
      ...OVERWRITE,
      '--attributes-only',
      '--copy-contents',
      '-d',
      '-H',
      '-P, --no-dereference',
      '-p',
      '--preserve[=ATTR_LIST]',
      '--no-preserve=ATTR_LIST',
      '--parents',
      '--reflink[=WHEN]',
      '--remove-destination',
      '--sparse=WHEN',
      '--keep-directory-symlink',
      '-x, --one-file-system',
      '-Z',
      '--context[=CTX]',
    ),
  ],
  operands: { rest: 'read', last: 'write' },
  operandsWhen: { links: { rest: 'write' }, 'target-given': { rest: 'read' } },
};

/** cp options (besides the `links` and `recursive` modes) under which a symlink is copied as a symlink. */
const KEEPS_SYMLINKS = ['-d', '--no-dereference', '--preserve'];

/**
 * Whether a cp command line may leave a symlink at its destination (the compound link check,
 * compoundParts.ts): -s/-l make links, and -r/-a/-d/-P/--preserve copy symlinks as symlinks. Read
 * through this model, so every spelling GNU accepts counts (`--ar` is --archive, `--sy`
 * --symbolic-link); a word the model does not know counts as making one.
 */
export function cpMayMakeLinks(args: readonly string[]): boolean {
  const parsed = parseArgv(cpModel, args);
  return (
    parsed.unknown.length > 0 ||
    parsed.modes.has('links') ||
    parsed.modes.has('recursive') ||
    parsed.uses.some((u) => u.option.names.some((n) => KEEPS_SYMLINKS.includes(n)))
  );
}

export const mvModel: ToolModel = {
  commands: ['mv'],
  options: [
    target('mv'),
    ...plain('mv', 'a.txt b.txt', ...COMMON, ...OVERWRITE, '-Z, --context', '--exchange', '--no-copy'),
  ],
  // A moved source is gone from where it was: a delete, of the whole tree below it.
  operands: { rest: 'delete', last: 'write' },
  operandsWhen: { 'target-given': { rest: 'delete' } },
};

export const installModel: ToolModel = {
  commands: ['install'],
  options: [
    target('install'),
    opt('-d, --directory', 'install -d out/dir', 'write', {
      onOperands: true,
      why: 'every operand is a directory made',
    }),
    opt('--strip-program=PROGRAM', 'install -s --strip-program=strip a.out bin/a', 'exec', {
      why: 'strips the installed binaries with it',
    }),
    ...plain(
      'install',
      'a.txt b.txt',
      ...COMMON,
      '-c',
      '-C, --compare',
      '-D',
      '-g, --group=GROUP',
      '-m, --mode=MODE',
      '-o, --owner=OWNER',
      '-p, --preserve-timestamps',
      // Runs `strip` by its fixed name, from PATH like any command.
      '-s, --strip',
      '--preserve-context',
      '-Z',
      '--context[=CTX]',
    ),
  ],
  operands: { rest: 'read', last: 'write' },
  operandsWhen: { 'target-given': { rest: 'read' } },
};

/**
 * ln: a link (hard or symbolic) makes its target writable through it, and a symbolic link to a
 * name that does not exist yet lets a later write create it there: every operand is a write.
 */
export const lnModel: ToolModel = {
  commands: ['ln'],
  options: [
    target('ln'),
    ...plain(
      'ln',
      'a.txt b.txt',
      ...COMMON,
      '-f, --force',
      '-i, --interactive',
      '-d, -F, --directory',
      '-L, --logical',
      '-n, --no-dereference',
      '-P, --physical',
      '-r, --relative',
      '-s, --symbolic',
    ),
  ],
  operands: { rest: 'write' },
};
