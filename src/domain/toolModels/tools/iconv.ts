import type { ToolModel } from '../modelTypes.js';
import { opt, plain } from '../spell.js';

/** glibc iconv (argp: long prefixes accepted). -o writes. */
export const iconvModel: ToolModel = {
  ownsPaths: true,
  commands: ['iconv'],
  options: [
    opt('-o, --output=FILE', 'iconv -f latin1 -t utf8 -o out.txt in.txt', 'write'),
    ...plain(
      'iconv',
      'in.txt',
      '-f, --from-code=NAME',
      '-t, --to-code=NAME',
      '-l, --list',
      '-c',
      '-s, --silent',
      '--verbose',
      '-?, --help',
      '--usage',
      '-V, --version',
    ),
  ],
  operands: { rest: 'read' },
};
