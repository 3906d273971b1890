import type { OperandModel, OptionModel, ToolModel } from '../modelTypes.js';
import { parseArgv } from '../parseArgv.js';
import { opt, plain } from '../spell.js';

/**
 * Info-ZIP UnZip 6.0 (`unzip -hh`) and ZipInfo 3.0 (`zipinfo`): one-letter options in clusters,
 * anywhere on the line (the `unzip` grammar: a `-` inside a cluster negates the letters after
 * it, `unzip -q-l` extracts, and `--q` negates q: both ask as unknown words). The first operand is the archive (read); the others name members. Extracting
 * (no listing, testing, comment or printing letter) writes the members into the cwd or `-d DIR`
 * under names the archive chooses, links among them: escapeHatches.ts asks, like `tar -x`.
 * Listing (`-l`, `-v`, `-t`, `-z`, `-Z`) and printing (`-p`, `-c`) write nothing: members are
 * then patterns. The model is the only reader of unzip's paths (`ownsPaths`).
 */
const LISTS = ['-l', '-v', '-t', '-z'];

/** The letters zipinfo (and `unzip -Z`) takes: all only change what a listing shows. */
const ZIPINFO_LETTERS = ['-1', '-2', '-s', '-m', '-h', '-M', '-t', '-T', '-z', '-C', '-l', '-v'];

const MEMBERS_ARE_PATTERNS: OperandModel = { leading: ['read'], rest: 'none' };

export const unzipModel: ToolModel = {
  commands: ['unzip'],
  syntax: 'unzip',
  ownsPaths: true,
  options: [
    opt('-d EXDIR', 'unzip x.zip -d out', 'write', {
      recursive: true,
      why: "the archive's tree, links included, is laid over that directory",
    }),
    opt('-x XLIST', 'unzip x.zip -x *.o', 'none', { words: 'list' }),
    opt('-Z', 'unzip -Z x.zip', 'none', { sets: 'inspect' }),
    ...LISTS.map((l) => opt(l, `unzip ${l} x.zip`, 'none', { sets: 'lists' })),
    opt('-p', 'unzip -p x.zip a.txt', 'none', { sets: 'to-stdout' }),
    opt('-c', 'unzip -c x.zip a.txt', 'none', { sets: 'to-stdout' }),
    // unzip's `-T` sets the archive's time to its newest member's; zipinfo's (after `-Z`) only formats times.
    opt('-T', 'unzip -T x.zip', 'write', { onOperands: true, effectWhen: { inspect: 'none' } }),
    opt('-P PASSWORD', 'unzip -P secret x.zip'),
    opt('-O CHARSET', 'unzip -O cp866 x.zip'),
    opt('-I CHARSET', 'unzip -I utf8 x.zip'),
    // UnZip prints its help (`-hh` the extended one) and quits before touching the archive.
    opt('-h', 'unzip -h', 'none', { sets: 'inspect' }),
    opt('-hh', 'unzip -hh', 'none', { sets: 'inspect' }),
    ...plain(
      'unzip',
      'x.zip',
      '-A',
      '-f',
      '-u',
      '-a',
      '-b',
      '-B',
      '-C',
      '-D',
      '-DD',
      '-E',
      '-F',
      '-i',
      '-j',
      '-J',
      '-K',
      '-L',
      '-LL',
      '-M',
      '-n',
      '-N',
      '-o',
      '-q',
      '-s',
      '-S',
      '-U',
      '-UU',
      '-V',
      '-W',
      '-X',
      '-XX',
      '-Y',
      '-$',
      '-:',
      '-^',
      '-2',
      '-1',
      '-m',
    ),
  ],
  // Extracting: members are written into the cwd under their names (and below `-d`).
  operands: { leading: ['read'], rest: 'write' },
  operandsWhen: { inspect: MEMBERS_ARE_PATTERNS, lists: MEMBERS_ARE_PATTERNS, 'to-stdout': MEMBERS_ARE_PATTERNS },
};

export const zipinfoModel: ToolModel = {
  commands: ['zipinfo'],
  syntax: 'unzip',
  ownsPaths: true,
  options: [
    opt('-x XLIST', 'zipinfo x.zip -x *.o', 'none', { words: 'list' }),
    ...ZIPINFO_LETTERS.map((l): OptionModel => opt(l, `zipinfo ${l} x.zip`)),
  ],
  operands: MEMBERS_ARE_PATTERNS,
};

/**
 * `unzip ARGS` writes members to disk: no listing, testing, comment, zipinfo or printing letter,
 * or a word its model does not know (the stricter reading).
 */
export function unzipExtracts(args: readonly string[]): boolean {
  const parsed = parseArgv(unzipModel, args);
  if (parsed.unknown.length > 0) return true;
  return !(parsed.modes.has('lists') || parsed.modes.has('to-stdout') || parsed.modes.has('inspect'));
}
