import type { ToolModel } from '../modelTypes.js';
import { opt, plain } from '../spell.js';

/**
 * tree 2.x (not installed on every machine; its own parser, long options exact). Lists names
 * (metadata). -o writes; -R writes `00Tree.html` into every directory below; --fromfile makes
 * the operands listings to read.
 */
export const treeModel: ToolModel = {
  commands: ['tree'],
  longPrefixes: false,
  options: [
    opt('-o FILE', 'tree -o listing.txt .', 'write'),
    opt('-R', 'tree -R -H . .', 'write', { onOperands: true, recursive: true, why: 'writes 00Tree.html into every directory' }),
    opt('--fromfile', 'tree --fromfile list.txt', 'none', { sets: 'program-file' }),
    opt('--fromtabfile', 'tree --fromtabfile list.txt', 'none', { sets: 'program-file' }),
    opt('--infofile=FILE', 'tree --infofile=info.txt .', 'read'),
    opt('--gitfile=FILE', 'tree --gitfile=ignore.txt .', 'read'),
    opt('--hintro=FILE', 'tree -H . --hintro=intro.html .', 'read'),
    opt('--houtro=FILE', 'tree -H . --houtro=outro.html .', 'read'),
    ...plain('tree', '.', '-a', '-d', '-l', '-f', '-x', '-L LEVEL', '-P PATTERN', '-I PATTERN', '--gitignore', '--ignore-case', '--matchdirs',
      '--metafirst', '--prune', '--info', '--noreport', '--charset=CHARSET', '--filelimit=N', '--du', '--si', '-h', '-s', '-p', '-u', '-g',
      '-D', '--timefmt=FMT', '-F', '-Q', '-N', '-q', '-v', '-t', '-c', '-U', '-r', '--dirsfirst', '--filesfirst', '--sort=NAME', '-i',
      '-A', '-S', '-n', '-C', '-X', '-J', '-H BASEHREF', '-T TITLE', '--nolinks', '--fflinks', '--inodes', '--device', '--condense',
      '--version', '--help', '--opt-toggle', '--hyperlink', '--scheme=SCHEME', '--authority=HOST'),
  ],
  operands: { rest: 'none' },
  operandsWhen: { 'program-file': { rest: 'read' } },
};
