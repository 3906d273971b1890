import type { ToolModel } from '../modelTypes.js';
import { opt, plain } from '../spell.js';

// Tools that print facts about the machine, users and names. Their operands are names (users,
// variables, programs), not files, except where noted.

/** hostname (Debian 3.x): an operand or -F FILE *sets* the host name. */
export const hostnameModel: ToolModel = {
  commands: ['hostname'],
  options: [
    opt('-F, --file FILE', 'hostname -F name.txt', 'system', { why: 'sets the host name from the file' }),
    opt('-b, --boot', 'hostname -b box', 'none'),
    ...plain(
      'hostname',
      '',
      '-a, --alias',
      '-A, --all-fqdns',
      '-d, --domain',
      '-f, --fqdn, --long',
      '-i, --ip-address',
      '-I, --all-ip-addresses',
      '-s, --short',
      '-y, --yp, --nis',
      '-V, --version',
      '-h, --help',
    ),
  ],
  operands: { rest: 'system' },
};

/** debianutils which: the operands are program names. */
export const whichModel: ToolModel = {
  commands: ['which'],
  options: plain('which', 'git', '-a', '-s'),
  operands: { rest: 'none' },
};

export const whereisModel: ToolModel = {
  commands: ['whereis'],
  options: plain(
    'whereis',
    'git',
    '-b',
    '-B DIRS',
    '-m',
    '-M DIRS',
    '-s',
    '-S DIRS',
    '-f',
    '-u',
    '-l',
    '-g',
    '-h, --help',
    '-V, --version',
  ),
  operands: { rest: 'none' },
};

export const idModel: ToolModel = {
  commands: ['id'],
  options: plain(
    'id',
    '',
    '-a',
    '-Z, --context',
    '-g, --group',
    '-G, --groups',
    '-n, --name',
    '-r, --real',
    '-u, --user',
    '-z, --zero',
    '--help',
    '--version',
  ),
  operands: { rest: 'none' },
};

/** Tools whose only options are --help and --version, and whose operands are names or numbers. */
export const helpOnlyModel: ToolModel = {
  commands: ['whoami', 'groups', 'sleep', 'expr', 'arch', 'factor'],
  // `expr -5 + 1` and `sleep -1`: a leading minus is a number's (GNU tools stop at the first operand for these).
  numeric: /^-[0-9.]+[smhd]?$/,
  options: plain('whoami', '', '--help', '--version'),
  operands: { rest: 'none' },
};

export const unameModel: ToolModel = {
  commands: ['uname'],
  options: plain(
    'uname',
    '',
    '-a, --all',
    '-s, --kernel-name',
    '-n, --nodename',
    '-r, --kernel-release',
    '-v, --kernel-version',
    '-m, --machine',
    '-p, --processor',
    '-i, --hardware-platform',
    '-o, --operating-system',
    '--help',
    '--version',
  ),
  operands: { rest: 'none' },
};

export const nprocModel: ToolModel = {
  commands: ['nproc'],
  options: plain('nproc', '', '--all', '--ignore=N', '--help', '--version'),
  operands: { rest: 'none' },
};

export const uptimeModel: ToolModel = {
  commands: ['uptime'],
  options: plain('uptime', '', '-p, --pretty', '-h, --help', '-s, --since', '-V, --version'),
  operands: { rest: 'none' },
};

export const freeModel: ToolModel = {
  commands: ['free'],
  options: plain(
    'free',
    '',
    '-b, --bytes',
    '--kilo',
    '--mega',
    '--giga',
    '--tera',
    '--peta',
    '-k, --kibi',
    '-m, --mebi',
    '-g, --gibi',
    '--tebi',
    '--pebi',
    '-h, --human',
    '--si',
    '-l, --lohi',
    '-L, --line',
    '-t, --total',
    '-v, --committed',
    '-s, --seconds N',
    '-c, --count N',
    '-w, --wide',
    '--help',
    '-V, --version',
  ),
  operands: { rest: 'none' },
};

export const localeModel: ToolModel = {
  commands: ['locale'],
  options: plain(
    'locale',
    '',
    '-a, --all-locales',
    '-m, --charmaps',
    '-c, --category-name',
    '-k, --keyword-name',
    '-v, --verbose',
    '-?, --help',
    '--usage',
    '-V, --version',
  ),
  operands: { rest: 'none' },
};

/** glibc getconf: `getconf NAME [PATH]`; PATH is only stat-ed by pathconf. */
export const getconfModel: ToolModel = {
  commands: ['getconf'],
  permute: false,
  options: plain('getconf', 'PAGESIZE', '-a', '-v SPEC'),
  operands: { rest: 'none' },
};

export const ttyModel: ToolModel = {
  commands: ['tty'],
  options: plain('tty', '', '-s, --silent, --quiet', '--help', '--version'),
  operands: { rest: 'none' },
};

/** util-linux look: `look STRING [FILE]` reads FILE. */
export const lookModel: ToolModel = {
  commands: ['look'],
  options: plain(
    'look',
    'ab words.txt',
    '-a, --alternative',
    '-d, --alphanum',
    '-f, --ignore-case',
    '-t, --terminate CHAR',
    '-h, --help',
    '-V, --version',
  ),
  operands: { leading: ['none'], rest: 'read' },
};

/** util-linux lsblk and lscpu: --sysroot only changes where they read sysfs. */
export const lsblkModel: ToolModel = {
  commands: ['lsblk'],
  options: [
    opt('-T, --tree[=COLUMN]', 'lsblk --tree=NAME'),
    ...plain(
      'lsblk',
      '',
      '-A, --noempty',
      '-D, --discard',
      '-E, --dedup COLUMN',
      '-I, --include LIST',
      '-J, --json',
      '-M, --merge',
      '-O, --output-all',
      '-P, --pairs',
      '-S, --scsi',
      '-a, --all',
      '-b, --bytes',
      '-d, --nodeps',
      '-e, --exclude LIST',
      '-f, --fs',
      '-i, --ascii',
      '-l, --list',
      '-m, --perms',
      '-n, --noheadings',
      '-o, --output LIST',
      '-p, --paths',
      '-r, --raw',
      '-s, --inverse',
      '-t, --topology',
      '-w, --width NUM',
      '-x, --sort COLUMN',
      '-y, --shell',
      '-z, --zoned',
      '--sysroot DIR',
      '-h, --help',
      '-V, --version',
    ),
  ],
  operands: { rest: 'none' },
};

export const lscpuModel: ToolModel = {
  commands: ['lscpu'],
  options: [
    opt('-C, --caches[=LIST]', 'lscpu --caches=NAME'),
    opt('-e, --extended[=LIST]', 'lscpu --extended=CPU'),
    opt('-p, --parse[=LIST]', 'lscpu --parse=CPU'),
    ...plain(
      'lscpu',
      '',
      '-a, --all',
      '-b, --online',
      '-B, --bytes',
      '-c, --offline',
      '-J, --json',
      '-s, --sysroot DIR',
      '-x, --hex',
      '-y, --physical',
      '--output-all',
      '-h, --help',
      '-V, --version',
    ),
  ],
  operands: { rest: 'none' },
};
