import type { OptionModel, ToolModel } from '../modelTypes.js';
import { opt } from '../spell.js';

const TESTS_WITH_VALUE = ['-amin', '-atime', '-cmin', '-ctime', '-context', '-fstype', '-gid', '-group', '-ilname', '-iname', '-inum',
  '-ipath', '-iregex', '-iwholename', '-links', '-lname', '-mmin', '-mtime', '-name', '-path', '-perm', '-regex', '-wholename', '-size',
  '-type', '-uid', '-used', '-user', '-xtype', '-maxdepth', '-mindepth', '-regextype', '-printf'];
/** Tests that stat a named file: metadata only. */
const NEWER = ['-anewer', '-cnewer', '-newer', '-newerXY', '-samefile'];
const FLAGS = ['-daystart', '-follow', '-nowarn', '-warn', '-depth', '-d', '-mount', '-noleaf', '-xdev', '-ignore_readdir_race',
  '-noignore_readdir_race', '-empty', '-false', '-true', '-nouser', '-nogroup', '-readable', '-writable', '-executable', '-print',
  '-print0', '-ls', '-prune', '-quit', '-not', '-a', '-and', '-o', '-or', '(', ')', '!', ',', '-help', '--help', '-version', '--version'];

/**
 * GNU find 4.9: an expression, not getopt. Starting points are listed, never read (`none`);
 * -delete removes below them; -fprint* and -fls write a file; -exec/-ok run commands (their
 * text is reviewed as a command elsewhere); -files0-from names unseen starting points.
 */
export const findModel: ToolModel = {
  commands: ['find'],
  syntax: 'find',
  options: [
    opt('-H', 'find -H .'), opt('-L', 'find -L .'), opt('-P', 'find -P .'), opt('-D LIST', 'find -D stat .'), opt('-O', 'find -O3 .'),
    opt('-delete', 'find build -name *.o -delete', 'delete', { onOperands: true, recursive: true }),
    opt('-fprint FILE', 'find . -fprint out.txt', 'write'),
    opt('-fprint0 FILE', 'find . -fprint0 out.txt', 'write'),
    opt('-fls FILE', 'find . -fls out.txt', 'write'),
    { ...opt('-fprintf FILE', 'find . -fprintf out.txt %p', 'write'), words: 2, effect: 'write', valueAt: 0 } as OptionModel,
    opt('-files0-from FILE', 'find -files0-from list.txt', 'list'),
    // The commands they run are reviewed as commands (escapeHatches.ts), and core:find-actions asks.
    ...['-exec', '-execdir', '-ok', '-okdir'].map((n) => opt(`${n} CMD`, `find . ${n} grep x {} ;`, 'exec', { words: 'command', reviewedBy: 'escapeHatches.ts' })),
    ...TESTS_WITH_VALUE.map((n) => opt(`${n} VALUE`, `find . ${n} 1`)),
    ...NEWER.map((n) => opt(`${n} FILE`, `find . ${n === '-newerXY' ? '-newermt' : n} a.txt`)),
    // Written out: `,` is no spelling opt() reads.
    ...FLAGS.map((n): OptionModel => ({ names: [n], arity: 'none', effect: 'none', example: `find . ${n}` })),
  ],
  operands: { rest: 'none' },
  implicit: { raw: '.' },
};
