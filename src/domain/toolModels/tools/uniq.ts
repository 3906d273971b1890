import type { ToolModel } from '../modelTypes.js';
import { plain } from '../spell.js';

/** GNU uniq: `uniq [INPUT [OUTPUT]]`, the second operand is written. */
export const uniqModel: ToolModel = {
  ownsPaths: true,
  commands: ['uniq'],
  options: plain(
    'uniq',
    'in.txt',
    '-c, --count',
    '-d, --repeated',
    '-D',
    '--all-repeated[=METHOD]',
    '-f, --skip-fields=N',
    '--group[=METHOD]',
    '-i, --ignore-case',
    '-s, --skip-chars=N',
    '-u, --unique',
    '-z, --zero-terminated',
    '-w, --check-chars=N',
    '--help',
    '--version',
  ),
  operands: { leading: ['read', 'write'], rest: 'read' },
};
