import type { OptionModel, ToolModel } from '../modelTypes.js';
import { opt, plain } from '../spell.js';

/**
 * GNU coreutils chmod, chown and chgrp (9.1). The first operand is the mode, owner or group
 * (data), the rest are files whose metadata is written; `--reference=RFILE` takes the mode or
 * owner from a file (read) and then every operand is a file (mode `pattern-given`: the first
 * operand's role came from an option). Whether a mode narrows access (`chmod 600 ~/.ssh/id_rsa`
 * is allowed) and whether `-R` reaches a system tree is judged by writePrimitives.ts and the
 * fs rules from the same words.
 */
const SHARED = [
  '-c, --changes',
  '-f, --silent, --quiet',
  '-v, --verbose',
  '--no-preserve-root',
  '--preserve-root',
  '--help',
  '--version',
];
const OWNERS = ['--dereference', '-h, --no-dereference', '-H', '-L', '-P'];

const recursive = (tool: string, first: string) =>
  opt('-R, --recursive', `${tool} -R ${first} build`, 'none', { sets: 'recursive' });
const reference = (tool: string) =>
  opt('--reference=RFILE', `${tool} --reference=old.txt new.txt`, 'read', { sets: 'pattern-given' });

/**
 * GNU chmod takes a dash word that is a mode as the mode (`-x`, `-rwx`, `-u+x`, `-022`): its
 * getopt string lists every mode character as an option with an optional attached value. Such
 * a word sets the mode, so every operand is a file (issue 12: `chmod -x …/shims/bash` had been
 * read as an option and the file never checked).
 */
const MODE_LETTERS: OptionModel[] = [...'rwxXstugoa,+=01234567'].map((c) => ({
  names: [`-${c}`],
  arity: 'optional',
  effect: 'none',
  sets: 'pattern-given',
  example: `chmod -${c === '+' || c === '=' || c === ',' ? `${c}x` : c} script.sh`,
}));

export const chmodModel: ToolModel = {
  commands: ['chmod'],
  options: [recursive('chmod', '755'), reference('chmod'), ...MODE_LETTERS, ...plain('chmod', '644 a.txt', ...SHARED)],
  operands: { leading: ['none'], rest: 'write' },
  // pathArgs.ts reads these operands too (recursively under -R, with the mode's narrowing): listed
  // in that order so the model's paths coincide with its reading rather than drop the narrowing.
  operandsWhen: {
    recursive: { leading: ['none'], rest: 'write', recursive: true },
    'pattern-given': { rest: 'write' },
  },
};

export const chownModel: ToolModel = {
  commands: ['chown'],
  options: [
    recursive('chown', 'u:g'),
    reference('chown'),
    ...plain('chown', 'u:g a.txt', ...SHARED, ...OWNERS, '--from=CURRENT_OWNER:CURRENT_GROUP'),
  ],
  operands: { leading: ['none'], rest: 'write' },
  // pathArgs.ts reads these operands too (recursively under -R, with the mode's narrowing): listed
  // in that order so the model's paths coincide with its reading rather than drop the narrowing.
  operandsWhen: {
    recursive: { leading: ['none'], rest: 'write', recursive: true },
    'pattern-given': { rest: 'write' },
  },
};

export const chgrpModel: ToolModel = {
  commands: ['chgrp'],
  options: [recursive('chgrp', 'g'), reference('chgrp'), ...plain('chgrp', 'g a.txt', ...SHARED, ...OWNERS)],
  operands: { leading: ['none'], rest: 'write' },
  // pathArgs.ts reads these operands too (recursively under -R, with the mode's narrowing): listed
  // in that order so the model's paths coincide with its reading rather than drop the narrowing.
  operandsWhen: {
    recursive: { leading: ['none'], rest: 'write', recursive: true },
    'pattern-given': { rest: 'write' },
  },
};
