// Long flags as rule packs and path parsers see them: any prefix of the long name is the option
// (GNU getopt_long, git parse-options), and grep's several spellings of a recursive search.
import { describe, expect, it } from 'vitest';
import { hasFlag, hasLongFlag, isLongFlag } from '../../../src/domain/policy/argView.js';
import { grepIsRecursive, pathArgsFor } from '../../../src/domain/policy/pathArgs.js';

describe('isLongFlag / hasLongFlag', () => {
  it.each([
    ['--recursive', '--recursive', true],
    ['--recu', '--recursive', true],
    ['--r', '--recursive', true],
    ['--recursive=x', '--recursive', true],
    ['--target=/x', '--target-directory', true],
    ['--no-t', '--no-target-directory', true],
    ['--recursively', '--recursive', false],
    ['--rf', '--recursive', false],
    ['--', '--recursive', false],
    ['--=x', '--recursive', false],
    ['-r', '--recursive', false],
    ['-e', '-e', true],
    ['-e=1', '-e', true],
    ['-ex', '-e', false],
  ] as const)('%s as %s ⇒ %s', (word, long, expected) => {
    expect(isLongFlag(word, long)).toBe(expected);
  });

  it('stops at --', () => {
    expect(hasLongFlag(['--', '--recu'], '--recursive')).toBe(false);
    expect(hasFlag(['x', '--forc'], 'D', '--delete', '--force')).toBe(true);
  });
});

describe('grepIsRecursive', () => {
  it.each([
    'grep -r K .',
    'grep -R K',
    'grep -rn K .',
    'grep -nR K',
    'grep -inr K',
    'grep -d recurse K .',
    'grep -drecurse K',
    'grep -d rec K',
    'grep -nd recurse K',
    'grep -ndrecurse K',
    'grep --directories=recurse K',
    'grep --directories recurse K',
    'grep --dir=recu K',
    'grep --di rec K',
    'grep --recursive K',
    'grep --recur K',
    'grep --dereference-recursive K',
    'grep --deref K',
    'grep -A 2 -r K',
  ])('%s', (command) => {
    expect(grepIsRecursive(command.split(' ').slice(1))).toBe(true);
  });
  it.each([
    'grep K .',
    'grep -n K file',
    'grep -d skip K .',
    'grep -d read K .',
    'grep --directories=skip K',
    'grep -i K',
    'grep -- -r .',
    'grep --null K',
    'grep -D read K',
  ])('%s is not', (command) => {
    expect(grepIsRecursive(command.split(' ').slice(1))).toBe(false);
  });
});

describe('grep operands skip option values', () => {
  const reads = (command: string) => {
    const [name, ...args] = command.split(' ');
    return pathArgsFor(name!, args)
      .filter((p) => p.access === 'read')
      .map((p) => `${p.raw}${p.recursive ? '/**' : ''}`);
  };
  it.each([
    ['grep -d recurse KEY', []],
    ['grep -d recurse KEY src', ['src/**']],
    ['grep --directories recurse KEY lib', ['lib/**']],
    ['grep -A 3 KEY .env', ['.env']],
    ['grep -m1 KEY a b', ['a', 'b']],
    ['grep -e KEY a', ['a']],
    ['grep --regex=KEY a', ['a']],
    ['grep -f .env a', ['.env', 'a']],
    ['grep --file=pats a', ['pats', 'a']],
    ['grep --exclude-f=.env -r K src', ['.env', 'src/**']],
    ['grep -- -r a', ['a']],
  ] as const)('%s reads %j', (command, expected) => {
    expect(reads(command)).toEqual(expected);
  });
});

describe('cp/mv target directories', () => {
  const writes = (command: string) => {
    const [name, ...args] = command.split(' ');
    return pathArgsFor(name!, args)
      .filter((p) => p.access === 'write')
      .map((p) => p.raw);
  };
  it.each([
    ['cp --target-directory=/d a', '/d'],
    ['cp --target=/d a', '/d'],
    ['cp --targ /d a', '/d'],
    ['cp -t /d a', '/d'],
    ['cp -t/d a', '/d'],
    ['cp -vt /d a', '/d'],
    ['cp -rt/d a', '/d'],
    ['mv --t=/d a', '/d'],
  ])('%s writes into %s', (command, dir) => {
    expect(writes(command)).toContain(dir);
    expect(writes(command)).not.toContain('a');
  });
  it('-S takes the rest of its cluster', () => {
    expect(writes('cp -Sbak.t a b')).toContain('b');
  });
});
