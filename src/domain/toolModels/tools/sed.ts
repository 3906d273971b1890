import type { ToolModel } from '../modelTypes.js';
import { opt, plain } from '../spell.js';

const SCRIPT = 'sedScript.ts (the script is scanned for e, w and r commands)';

/**
 * GNU sed (4.8/4.9): the one home of sed's command line. The script (first operand, or `-e`)
 * is data here: its own `e`, `w` and `r` commands are judged by sedScript.ts. Operands are
 * files read, or rewritten under `-i` (`in-place`); `-i SUFFIX` also writes a backup beside
 * each (`backupSuffix`). `-f FILE` loads a script the review cannot see.
 */
export const sedModel: ToolModel = {
  commands: ['sed', 'gsed'],
  ownsPaths: true,
  options: [
    opt('-e script, --expression=script', 'sed -e s/a/b/ in.txt', 'none', {
      sets: 'pattern-given',
      reviewedBy: SCRIPT,
    }),
    opt('-f script-file, --file=script-file', 'sed -f edit.sed in.txt', 'loads', {
      sets: 'pattern-given',
      why: 'its e, w and r commands are not seen',
    }),
    opt('-i[SUFFIX], --in-place[=SUFFIX]', 'sed -i.bak s/a/b/ in.txt', 'none', {
      sets: 'in-place',
      backupSuffix: true,
    }),
    ...plain(
      'sed',
      's/a/b/ in.txt',
      '-n, --quiet, --silent',
      '--debug',
      '--follow-symlinks',
      '-l N, --line-length=N',
      '--posix',
      '-E, -r, --regexp-extended',
      '-s, --separate',
      // Disables e, w and r: only narrows what the script may do.
      '--sandbox',
      '-u, --unbuffered',
      '-z, --null-data, --zero-terminated',
      // Accepted everywhere, meaningful on Windows only.
      '-b, --binary',
      '--help',
      '--version',
    ),
  ],
  // The script, then files read (rewritten under -i).
  operands: { leading: ['none'], rest: 'read', restWhen: { 'in-place': 'write' } },
  operandsWhen: { 'pattern-given': { rest: 'read', restWhen: { 'in-place': 'write' } } },
};
