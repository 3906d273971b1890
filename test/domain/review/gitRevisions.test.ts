// What the review asks git to narrow a command to, and which revision names it resolves: a table.
import { describe, expect, it } from 'vitest';
import { narrowingOf, revisionNames } from '../../../src/domain/review/gitRevisions.js';

describe('revisionNames: the object names inside revision operands', () => {
  const rows: Array<[string[], string[]]> = [
    [['main'], ['main']],
    [['HEAD'], []],
    [['@'], []],
    [['main..feature'], ['main', 'feature']],
    [['main...'], ['main']],
    [['^main', 'HEAD'], ['main']],
    [['HEAD~2^!'], ['HEAD~2']],
    [['v1^@'], ['v1']],
    [['HEAD:.env'], []],
    [['abc123^-2'], ['abc123']],
  ];
  for (const [words, names] of rows) it(words.join(' '), () => expect(revisionNames(words)).toEqual(names));
});

describe('narrowingOf: only forms whose printed paths git can name before they run', () => {
  const rows: Array<[string, 'index' | 'head' | 'headCommit' | 'commits', string[], boolean, string | undefined]> = [
    ['show', 'headCommit', ['abc123'], true, 'commits abc123'],
    ['show', 'headCommit', ['a', 'b'], true, 'commits a,b'],
    ['show', 'commits', ['abc123'], true, undefined], // a walk option made it print every commit
    ['show', 'headCommit', ['a..b'], true, undefined],
    ['show', 'headCommit', ['abc123'], false, undefined], // -C -C, --follow: other files appear
    ['diff', 'index', ['main'], true, 'diff main'],
    ['diff', 'index', ['main', 'feature'], true, 'diff main,feature'],
    ['diff', 'index', ['main...HEAD'], true, 'diff main...HEAD'],
    ['diff', 'index', ['a', 'b', 'c'], true, undefined],
    ['diff', 'head', ['main'], true, 'diff-cached main'],
    ['diff', 'head', ['a', 'b'], true, undefined],
    ['diff', 'commits', ['main'], true, undefined], // --merge-base
    ['diff', 'index', ['HEAD@{5 seconds ago}'], true, undefined], // moves between the review and the run
    ['diff', 'index', ['main@{1}', 'HEAD'], true, undefined],
    ['diff', 'index', ['HEAD:.env'], true, undefined],
    ['log', 'commits', [], true, 'log '],
    ['log', 'commits', ['main..HEAD'], true, 'log main..HEAD'],
    ['log', 'commits', ['HEAD@{1}'], true, undefined],
    ['show', 'headCommit', [], true, undefined],
    ['format-patch', 'commits', ['-1'], true, undefined],
  ];
  it('log with a pathspec is not narrowed: it walks to the commits that touch it', () => {
    expect(narrowingOf('log', 'commits', [], true, ['-1'], true)).toBeUndefined();
    expect(narrowingOf('log', 'commits', [], true, ['-1'], false)).toEqual({
      form: 'log',
      revisions: [],
      limits: ['-1'],
    });
  });
  for (const [sub, from, words, formatOnly, want] of rows)
    it(`${sub} ${from} ${words.join(' ')} ${formatOnly ? '' : '(not format-only)'}`, () => {
      const n = narrowingOf(sub, from, words, formatOnly);
      expect(n ? `${n.form} ${n.revisions.join(',')}` : undefined).toBe(want);
    });
});
