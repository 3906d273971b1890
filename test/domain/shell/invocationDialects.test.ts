// Which grammar a shell name gets, and the small common grammar for shells shimctl does not
// model (they are not installed here, so nothing real to compare with: kept deliberately narrow).
import { describe, expect, it } from 'vitest';
import { dialectFor, parseShellInvocation } from '../../../src/domain/shell/parseInvocation.js';

describe('dialectFor', () => {
  it.each([
    ['bash', 'bash'],
    ['/usr/bin/bash', 'bash'],
    ['rbash', 'bash'],
    ['dash', 'dash'],
    ['/bin/sh', 'sh'],
    ['sh', 'sh'],
    ['zsh', 'portable'],
    ['ksh', 'portable'],
    ['mksh', 'portable'],
    ['ash', 'portable'],
    ['yash', 'portable'],
    ['posh', 'portable'],
  ])('%s → %s', (name, dialect) => expect(dialectFor(name)).toBe(dialect));
});

describe('portable grammar', () => {
  it.each([
    [['-c', 'S'], { kind: 'command', script: 'S', login: false, interactive: false, positional: [], flags: ['-c'] }],
    [
      ['-lc', 'S', 'n', 'a'],
      { kind: 'command', script: 'S', login: true, interactive: false, argv0: 'n', positional: ['a'], flags: ['-lc'] },
    ],
    [
      ['-e', '-x', '-ic', 'S'],
      { kind: 'command', script: 'S', login: false, interactive: true, positional: [], flags: ['-e', '-x', '-ic'] },
    ],
    [['f.sh', '-c'], { kind: 'script', file: 'f.sh', args: ['-c'], flags: [] }],
  ])('%j', (args, expected) => expect(parseShellInvocation(args, 'portable')).toEqual(expected));

  it.each([
    ['-b', '-c', 'S'],
    ['-o', 'x', '-c', 'S'],
    ['+x', '-c', 'S'],
    ['--', '-c', 'S'],
    ['-rcfile', 'ls', '-c', 'S'],
    ['--norc', '-c', 'S'],
    ['-cs', 'S'],
  ])('%j is refused', (...args) => expect(parseShellInvocation(args, 'portable').kind).toBe('unsupported'));
});

describe('sh accepts only what bash and dash read alike', () => {
  it.each([
    [['-rcfile', 'ls', '-c', 'S'], 'unsupported'],
    [['-s', '-c', 'S'], 'unsupported'],
    [['-o', 'pipefail', '-c', 'S'], 'unsupported'],
    [['-O', 'checkwinsize', '-c', 'S'], 'unsupported'],
    [['--norc', '-c', 'S'], 'unsupported'],
    [['-eo', 'errexit', '-lc', 'S'], 'command'],
    [['--help'], 'info'],
  ])('%j → %s', (args, kind) => expect(parseShellInvocation(args, 'sh').kind).toBe(kind));
});
