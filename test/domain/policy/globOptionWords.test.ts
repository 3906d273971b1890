import { describe, expect, it } from 'vitest';
import { globsAreFilterOptions } from '../../../src/domain/policy/globOptionWords.js';

describe('unquoted globs that are search-filter option values (RT-16)', () => {
  const cases: Array<[string[], number[], boolean, string]> = [
    [['grep', '-rn', '--include=*.ts', 'import', '.'], [2], true, 'grep --include'],
    [['rg', '--glob=*.md', 'x'], [1], true, 'rg --glob'],
    [['grep', '-r', '--exclude-dir=node_*', 'x', '.'], [2], true, 'exclude-dir'],
    [['grep', '-r', 'x', '*.ts'], [3], false, 'a file operand glob expands to files'],
    [['sed', '--expression=*', 'f'], [1], false, 'not a search tool'],
    [['grep', '--inc*=x', 'y'], [1], false, 'glob in the option name'],
    [['grep', '--include', '*.ts', 'x'], [2], false, 'separate value word: expands to files'],
    [['FOO=*', 'grep', 'x'], [0], false, 'glob in an assignment'],
    [['timeout', '5', 'grep', '--include=*.ts', 'x'], [3], false, 'behind a wrapper: not followed'],
    [['grep', '-r', 'x'], [], false, 'nothing to excuse'],
  ];
  for (const [words, globs, expected, why] of cases) {
    it(`${words.join(' ')} — ${why}`, () => expect(globsAreFilterOptions(words, globs)).toBe(expected));
  }
});
