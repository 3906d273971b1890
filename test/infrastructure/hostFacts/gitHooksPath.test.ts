// The git config reader behind the gitHooks host fact (attack pass 19, F8): core.hooksPath and
// include paths, as git reads them, from a real repository in a temporary directory.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { gitHooksOf, hooksPathIn } from '../../../src/infrastructure/hostFacts/gitHooksPath.js';
import { tempDir } from '../../support/tempDirs.js';

describe('core.hooksPath in a config text', () => {
  const table: Array<[string, string | undefined]> = [
    ['[core]\n\thooksPath = scripts/git-hooks\n', 'scripts/git-hooks'],
    ['[Core]\n\tHOOKSPATH=.husky\n', '.husky'],
    ['[core]\n\thooksPath = "a b/hooks" ; a comment\n', 'a b/hooks'],
    ['[core]\n\thooksPath = one\n[core]\n\thooksPath = two\n', 'two'],
    ['[user]\n\thooksPath = nope\n', undefined],
    ['[core "x"]\n\tbare = false\n', undefined],
    ['', undefined],
  ];
  for (const [text, want] of table) it(JSON.stringify(text), () => expect(hooksPathIn(text)).toBe(want));
});

/** A HOME and a repository beside it, in a fresh temporary directory. */
function homeAndRepo(): { home: string; repo: string } {
  const root = tempDir('shimctl-githooks-');
  const home = join(root, 'home');
  const repo = join(root, 'repo');
  mkdirSync(join(repo, '.git'), { recursive: true });
  mkdirSync(home);
  return { home, repo };
}

describe('the gitHooks fact on a real repository', () => {
  it('resolves hooksPath against the work tree and includes against .git/', () => {
    const { home, repo } = homeAndRepo();
    writeFileSync(
      join(repo, '.git', 'config'),
      '[core]\n\thooksPath = tools/hooks\n[include]\n\tpath = ../.gitconfig\n[includeIf "gitdir:~/x/"]\n\tpath = ~/extra.inc\n',
    );
    const found = gitHooksOf(home)(join(repo));
    expect(found).toEqual({
      root: repo,
      hooksDir: join(repo, 'tools', 'hooks'),
      includes: [join(repo, '.gitconfig'), join(home, 'extra.inc')],
    });
  });

  it("falls back to the user's hooksPath, and says nothing outside a repository", () => {
    const { home, repo } = homeAndRepo();
    writeFileSync(join(home, '.gitconfig'), '[core]\n\thooksPath = ~/global-hooks\n');
    expect(gitHooksOf(home)(repo)?.hooksDir).toBe(join(home, 'global-hooks'));
    expect(gitHooksOf(home)(home)).toBeUndefined();
  });
});
