import type { ToolModel } from '../modelTypes.js';
import { opt } from '../spell.js';

/**
 * xxd (vim's): `xxd [options] [infile [outfile]]` writes OUTFILE in both directions (`-r`
 * patches it). Its own parser: single-dash long names (`-cols`, `-revert`) and values attached
 * or next, options only before the operands (parseArgv.ts, parseXxd).
 */
export const xxdModel: ToolModel = {
  ownsPaths: true,
  commands: ['xxd'],
  syntax: 'xxd',
  options: [
    opt('-a, -autoskip', 'xxd -a in.bin'),
    opt('-b, -bits', 'xxd -b in.bin'),
    opt('-C, -capitalize', 'xxd -i -C in.bin'),
    opt('-c, -cols=COLS', 'xxd -c 8 in.bin'),
    opt('-E, -EBCDIC', 'xxd -E in.bin'),
    opt('-e', 'xxd -e in.bin'),
    opt('-g, -groupsize=N', 'xxd -g 4 in.bin'),
    opt('-h, -help', 'xxd -h'),
    opt('-i, -include', 'xxd -i in.bin'),
    opt('-l, -len=N', 'xxd -l 16 in.bin'),
    opt('-n, -name=NAME', 'xxd -i -n data in.bin'),
    opt('-o, -offset=OFF', 'xxd -o 16 in.bin'),
    opt('-p, -ps, -postscript, -plain', 'xxd -p in.bin'),
    opt('-r, -revert', 'xxd -r dump.txt out.bin'),
    opt('-d', 'xxd -d in.bin'),
    opt('-s, -seek=OFF', 'xxd -s 16 in.bin'),
    opt('-u', 'xxd -u in.bin'),
    opt('-v, -version', 'xxd -v'),
  ],
  operands: { leading: ['read', 'write'], rest: 'read' },
};
