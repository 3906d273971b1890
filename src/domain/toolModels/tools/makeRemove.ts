import type { ToolModel } from '../modelTypes.js';
import { opt, plain } from '../spell.js';

/**
 * GNU coreutils tools that create, fill, shrink or remove the files they are given (9.1, with
 * later releases' additions): every operand is written (mkdir, touch, tee, truncate) or deleted
 * (rm, rmdir, unlink). The path policy judges each; these models are their only reader
 * (`ownsPaths`: pathArgs.ts adds none of its own).
 */
export const rmModel: ToolModel = {
  commands: ['rm'],
  ownsPaths: true,
  options: [
    opt('-r, -R, --recursive', 'rm -r build', 'none', { sets: 'recursive' }),
    ...plain(
      'rm',
      'a.o',
      '-f, --force',
      '-i',
      '-I',
      '--interactive[=WHEN]',
      '--one-file-system',
      '--no-preserve-root',
      '--preserve-root[=all]',
      '-d, --dir',
      '-v, --verbose',
      '--help',
      '--version',
    ),
  ],
  operands: { rest: 'delete' },
  operandsWhen: { recursive: { rest: 'delete', recursive: true } },
};

export const rmdirModel: ToolModel = {
  commands: ['rmdir'],
  ownsPaths: true,
  options: plain(
    'rmdir',
    'old_dir',
    '--ignore-fail-on-non-empty',
    // `rmdir -p a/b` also removes `a` when it is left empty: below the operand already judged.
    '-p, --parents',
    '-v, --verbose',
    '--help',
    '--version',
  ),
  operands: { rest: 'delete' },
};

export const unlinkModel: ToolModel = {
  commands: ['unlink'],
  ownsPaths: true,
  options: plain('unlink', '', '--help', '--version'),
  operands: { rest: 'delete' },
};

export const mkdirModel: ToolModel = {
  commands: ['mkdir'],
  ownsPaths: true,
  options: plain(
    'mkdir',
    'new_dir',
    '-m, --mode=MODE',
    '-p, --parents',
    '-v, --verbose',
    '-Z',
    '--context[=CTX]',
    '--help',
    '--version',
  ),
  operands: { rest: 'write' },
};

export const touchModel: ToolModel = {
  commands: ['touch'],
  ownsPaths: true,
  options: [
    opt('-r, --reference=FILE', 'touch -r old.txt new.txt', 'read', { why: 'its times are used' }),
    ...plain(
      'touch',
      'a.txt',
      '-a',
      '-c, --no-create',
      // A date string, never a file (`-d @0`, `-d yesterday`).
      '-d, --date=STRING',
      '-f',
      '-h, --no-dereference',
      '-m',
      '-t STAMP',
      '--time=WORD',
      '--help',
      '--version',
    ),
  ],
  operands: { rest: 'write' },
};

/**
 * GNU mktemp: creates one new file (or directory, `-d`) under a fresh random name, never an
 * existing one (O_EXCL), and prints the name. The template (with its directory) and `-p DIR` are
 * judged as writes, so a template in a protected directory is refused like any write there.
 * Asked as an unknown command by attack pass 18; agents' scripts call it all the time.
 */
export const mktempModel: ToolModel = {
  commands: ['mktemp'],
  ownsPaths: true,
  options: [
    opt('-p DIR, --tmpdir[=DIR]', 'mktemp -p build tmp.XXXXXX', 'write', { why: 'the new file is made in it' }),
    ...plain(
      'mktemp',
      'tmp.XXXXXX',
      '-d, --directory',
      '-u, --dry-run',
      '-q, --quiet',
      // A name suffix, never a path (mktemp refuses a slash in it).
      '--suffix=SUFF',
      '-t',
      '--help',
      '--version',
    ),
  ],
  operands: { rest: 'write' },
};

export const teeModel: ToolModel = {
  commands: ['tee'],
  ownsPaths: true,
  options: plain(
    'tee',
    'out.txt',
    '-a, --append',
    '-i, --ignore-interrupts',
    '-p',
    '--output-error[=MODE]',
    '--help',
    '--version',
  ),
  operands: { rest: 'write' },
};

export const truncateModel: ToolModel = {
  commands: ['truncate'],
  ownsPaths: true,
  options: [
    opt('-r, --reference=RFILE', 'truncate -r old.txt new.txt', 'read', { why: 'its size is used' }),
    ...plain('truncate', 'a.txt', '-c, --no-create', '-o, --io-blocks', '-s, --size=SIZE', '--help', '--version'),
  ],
  operands: { rest: 'write' },
};
