import type { ToolModel } from '../modelTypes.js';
import { plain } from '../spell.js';

/** GNU head: `-n -5` (all but the last five) is a value; `-5` and `-5c` are the obsolete form. */
export const headModel: ToolModel = {
  commands: ['head'],
  numeric: /^-[0-9]+[bkmgcqvlzKMGTPEZYB]*$/,
  options: plain(
    'head',
    'a.txt',
    '-c, --bytes=[-]NUM',
    '-n, --lines=[-]NUM',
    '-q, --quiet, --silent',
    '-v, --verbose',
    '-z, --zero-terminated',
    '--help',
    '--version',
  ),
  operands: { rest: 'read' },
};

/** GNU tail: -f runs until interrupted, which has no effect outside the program. */
export const tailModel: ToolModel = {
  commands: ['tail'],
  numeric: /^-[0-9]+[bcl]?f?$/,
  options: plain(
    'tail',
    'a.txt',
    '-c, --bytes=[+]NUM',
    '-f, --follow[={name|descriptor}]',
    '-F',
    '-n, --lines=[+]NUM',
    '--max-unchanged-stats=N',
    '--pid=PID',
    '-q, --quiet, --silent',
    '--retry',
    '-s, --sleep-interval=N',
    '-v, --verbose',
    '-z, --zero-terminated',
    '--help',
    '--version',
    '---presume-input-pipe',
  ),
  operands: { rest: 'read' },
};
