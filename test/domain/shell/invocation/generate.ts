// A seeded generator of shell invocations from placeholders (see probe.ts): long options in one-
// and two-dash spellings (with and without their argument, with `=`), clusters of every letter
// bash or dash knows plus some neither does, `-o`/`+o`/`-O`/`+O` with real and bogus names,
// `--`, `-`, `+`, and `-c` anywhere. Deterministic: the same seed gives the same cases.

import { seededRandom as rng } from '../../../support/seededRandom.js';

export { rng };

const LONG = [
  'login',
  'noediting',
  'noprofile',
  'norc',
  'posix',
  'restricted',
  'verbose',
  'help',
  'version',
  'rcfile',
  'init-file',
  'debugger',
  'debug',
  'dump-strings',
  'dump-po-strings',
  'pretty-print',
  'wordexp',
  'protected',
  'bogus',
  'rc',
  'norcx',
];
const LETTERS = [...'abcefhiklmnoprstuvxBCDEHIOPTVqwz'];
const SET_O = [
  'allexport',
  'braceexpand',
  'emacs',
  'errexit',
  'errtrace',
  'functrace',
  'hashall',
  'histexpand',
  'history',
  'ignoreeof',
  'interactive-comments',
  'keyword',
  'monitor',
  'noclobber',
  'noexec',
  'noglob',
  'nolog',
  'notify',
  'nounset',
  'onecmd',
  'physical',
  'pipefail',
  'posix',
  'privileged',
  'verbose',
  'vi',
  'xtrace',
  'interactive',
  'stdin',
  'debug',
  'pipef',
  'bogus',
];
const SHOPT = [
  'checkhash',
  'checkwinsize',
  'cmdhist',
  'extglob',
  'dotglob',
  'nullglob',
  'expand_aliases',
  'extdebug',
  'interactive_comments',
  'login_shell',
  'shift_verbose',
  'huponexit',
  'inherit_errexit',
  'globstar',
  'xpg_echo',
  'bogus',
];
/** Letters that are common in real use get more weight, so many cases are accepted and compared. */
const COMMON = [...'ceuxlisv'];

export function generate(seed: number, count: number): string[][] {
  const r = rng(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;
  const out: string[][] = [];
  for (let n = 0; n < count; n++) {
    const args: string[] = [];
    let probe = 0;
    const operand = () => (r() < 0.85 ? `$P${probe++}` : pick(['true', 'x', '$RC', '', '-', '+']));
    if (r() < 0.3) {
      for (let k = 1 + Math.floor(r() * 2); k > 0; k--) {
        const name = pick(LONG);
        const dashes = r() < 0.5 ? '-' : '--';
        args.push(r() < 0.08 ? `${dashes}${name}=$RC` : `${dashes}${name}`);
        if ((name === 'rcfile' || name === 'init-file') && r() < 0.8) args.push(r() < 0.5 ? '$RC' : operand());
      }
    }
    const clusters = Math.floor(r() * 4);
    let placedC = false;
    for (let k = 0; k < clusters; k++) {
      const special = r();
      if (special < 0.06) {
        args.push(pick(['--', '-', '+']));
        continue;
      }
      const sign = r() < 0.85 ? '-' : '+';
      let letters = '';
      for (let m = 1 + Math.floor(r() * 4); m > 0; m--) letters += r() < 0.6 ? pick(COMMON) : pick(LETTERS);
      if (letters.includes('c')) placedC = true;
      args.push(`${sign}${letters}`);
      for (const ch of letters) {
        if (ch === 'o' && r() < 0.9) args.push(pick(SET_O));
        if (ch === 'O' && r() < 0.9) args.push(pick(SHOPT));
      }
    }
    if (!placedC && r() < 0.7) args.splice(Math.floor(r() * (args.length + 1)), 0, '-c');
    for (let k = Math.floor(r() * 4); k > 0; k--) args.push(operand());
    if (r() < 0.15) args.splice(Math.floor(r() * (args.length + 1)), 0, pick(['-c', '--', '-', '-l', '-i', '-s']));
    out.push(args);
  }
  return out;
}
