// How git splits `REV:path` (gitrevisions(7)): the first colon outside braces (attack pass 21, F1),
// a revision may hold `/` (pass 20), `:N:path` is the index, `:/text` and URLs name no blob.
import { describe, expect, it } from 'vitest';
import { splitRevPath } from '../../../src/domain/toolModels/tools/git/revPath.js';

const table: Array<[string, { rev: string; path: string } | undefined]> = [
  ['HEAD:.env', { rev: 'HEAD', path: '.env' }],
  ['origin/main:.env', { rev: 'origin/main', path: '.env' }],
  ['@{23:59}:.env', { rev: '@{23:59}', path: '.env' }],
  ['HEAD@{2026-12-03 05:30:00}:secrets/x', { rev: 'HEAD@{2026-12-03 05:30:00}', path: 'secrets/x' }],
  ['HEAD^{/fix: a}:x', { rev: 'HEAD^{/fix: a}', path: 'x' }],
  [':.env', { rev: '', path: '.env' }],
  [':2:.env', { rev: '', path: '.env' }],
  ['HEAD:./a:b', { rev: 'HEAD', path: './a:b' }],
  [':/fix the bug', undefined],
  ['https://example.com/a:b', undefined],
  ['HEAD:', undefined],
  ['HEAD:/abs', undefined],
  ['HEAD', undefined],
  ['@{23:59', undefined],
];

describe('splitRevPath', () => {
  for (const [word, want] of table) it(JSON.stringify(word), () => expect(splitRevPath(word)).toEqual(want));
});
