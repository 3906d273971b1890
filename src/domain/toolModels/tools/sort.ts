import type { ToolModel } from '../modelTypes.js';
import { opt, plain } from '../spell.js';

/** GNU sort (coreutils 9.x). Writes through -o and -T; runs --compress-program; --files0-from names unseen inputs. */
export const sortModel: ToolModel = {
  ownsPaths: true,
  commands: ['sort'],
  options: [
    opt('-o, --output=FILE', 'sort -o out.txt in.txt', 'write'),
    opt('-T, --temporary-directory=DIR', 'sort -T /tmp/s in.txt', 'write', { why: 'creates temporary files there' }),
    opt('--compress-program=PROG', 'sort --compress-program=gzip in.txt', 'exec', {
      why: 'compresses temporary files through it',
    }),
    opt('--files0-from=F', 'sort --files0-from=list.txt', 'list'),
    opt('--random-source=FILE', 'sort -R --random-source=seed.bin in.txt', 'read'),
    opt('-c, --check[=diagnose-first]', 'sort -c in.txt'),
    ...plain(
      'sort',
      'in.txt',
      '-b, --ignore-leading-blanks',
      '-d, --dictionary-order',
      '-f, --ignore-case',
      '-g, --general-numeric-sort',
      '-i, --ignore-nonprinting',
      '-M, --month-sort',
      '-h, --human-numeric-sort',
      '-n, --numeric-sort',
      '-R, --random-sort',
      '-r, --reverse',
      '--sort=WORD',
      '-V, --version-sort',
      '--batch-size=NMERGE',
      '-C',
      '--debug',
      '-k, --key=KEYDEF',
      '-m, --merge',
      '-s, --stable',
      '-S, --buffer-size=SIZE',
      '-t, --field-separator=SEP',
      '--parallel=N',
      '-u, --unique',
      '-z, --zero-terminated',
      '--help',
      '--version',
    ),
  ],
  operands: { rest: 'read' },
};
