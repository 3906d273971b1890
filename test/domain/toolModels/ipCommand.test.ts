// ip's object and command, read as iproute2 reads them (tools/ip.ts): only listings pass, and
// global options resolve by ip's own prefix order (`-b` is -batch, `-br` -brief).
import { describe, expect, it } from 'vitest';
import { parseArgv } from '../../../src/domain/toolModels/parseArgv.js';
import { ipModel, ipShowsOnly } from '../../../src/domain/toolModels/tools/ip.js';

const SHOWS: [string, boolean][] = [
  ['', true],
  ['-V', true],
  ['addr', true],
  ['a', true],
  ['a s', true],
  ['a l', true],
  ['address lst', true],
  ['-br -c a', true],
  ['r', true],
  ['route show table all', true],
  ['ru', true],
  ['ru list', true],
  ['n', true],
  ['neighbour show', true],
  ['l', true],
  ['link sh', true],
  ['net', true],
  ['netns list', true],
  ['-n blue a', true],
  ['a a 1.2.3.4/24 dev lo', false],
  ['a ch 1.2.3.4/24 dev lo', false],
  ['a d 1.2.3.4/24 dev lo', false],
  ['a f dev lo', false],
  ['a save', false],
  // A route lookup sends nothing (issue 12, pass-7 false positive); whole word only.
  ['r get 1.1.1.1', true],
  ['r g 1.1.1.1', false],
  ['help', true],
  ['h', true],
  ['route help', true],
  ['a help', true],
  ['a he', false],
  ['r a default via 10.0.0.1', false],
  ['r t', false],
  ['ru s', false],
  ['l s lo down', false],
  ['link set lo up', false],
  ['link', true],
  ['n r 10.0.0.1 lladdr 0:0:0:0:0:1 dev lo', false],
  ['netns exec x sh', false],
  ['netns list-id', false],
  ['net s', false],
  ['ne', true],
  ['monitor', false],
  ['xfrm state', false],
  ['tunnel show', false],
  ['- a a 1.2.3.4/24 dev lo', false],
  ['a ""', false],
];

describe('ip: ipShowsOnly', () => {
  for (const [line, shows] of SHOWS) {
    it(`ip ${line} → ${shows ? 'lists' : 'asks'}`, () => {
      const args = line === '' ? [] : line.split(' ').map((w) => (w === '""' ? '' : w));
      expect(ipShowsOnly(args)).toBe(shows);
    });
  }
});

const GLOBALS: [string, string][] = [
  ['-b', '-batch'],
  ['-br', '-brief'],
  ['-h', '-human'],
  ['-he', '-help'],
  ['-r', '-resolve'],
  ['-rc', '-rcvbuf'],
  ['-n', '-netns'],
  ['-N', '-Numeric'],
  ['-t', '-timestamp'],
  ['-ts', '-tshort'],
  ['-f', '-family'],
  ['-fo', '-force'],
  ['-stati', '-stats'],
  ['--json', '-json'],
  ['-c=never', '-color'],
];

describe('ip: global options resolve in ip.c order', () => {
  for (const [word, full] of GLOBALS) {
    it(`${word} is ${full}`, () => {
      const parsed = parseArgv(ipModel, [word, 'x', 'addr']);
      expect(parsed.unknown).toEqual([]);
      expect(parsed.uses[0]?.option.names).toContain(full);
    });
  }
});
