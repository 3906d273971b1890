// The git config reader behind the gitHooks host fact (attack pass 19, F8): core.hooksPath and
// include paths, as git reads them, from a real repository in a temporary directory.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { gitHooksOf, hooksPathIn, urlHoldsCredential } from '../../../src/infrastructure/hostFacts/gitHooksPath.js';
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

describe('credentials in a repository config (attack pass 18, F11)', () => {
  const urls: Array<[string, boolean]> = [
    ['https://x-access-token:ghs_abc@github.com/a/b.git', true],
    ['https://user:pass@example.com/r', true],
    ['https://ghp_0123456789abcdefghijklmn@github.com/a/b', true],
    ['https://oauth2:glpat-xyz@gitlab.com/a/b', true],
    ['  https://u:p@h/r  ', true],
    ['https://github.com/a/b.git', false],
    ['https://alice@example.com/r', false],
    ['ssh://git@github.com/a/b', false],
    ['git@github.com:a/b.git', false],
    ['/srv/git/r.git', false],
  ];
  for (const [url, want] of urls)
    it(`${url} ${want ? 'holds' : 'holds no'} credential`, () => expect(urlHoldsCredential(url)).toBe(want));

  const configs: Array<[string, boolean]> = [
    ['[http "https://github.com/"]\n\textraheader = AUTHORIZATION: basic eA==\n', true],
    ['[http]\n\textraHeader = X-Token: 1\n', true],
    ['[remote "origin"]\n\turl = https://x-access-token:ghs_1@github.com/a/b\n', true],
    ['[remote "origin"]\n\tpushurl = https://u:p@h/r\n', true],
    ['[url "https://tok:en@github.com/"]\n\tinsteadOf = https://github.com/\n', true],
    ['[remote "origin"]\n\turl = https://github.com/a/b\n\tfetch = +refs/heads/*:refs/remotes/origin/*\n', false],
    ['[http]\n\tsslVerify = true\n', false],
  ];
  for (const [text, want] of configs)
    it(`${JSON.stringify(text)} → ${want}`, () => {
      const { home, repo } = homeAndRepo();
      writeFileSync(join(repo, '.git', 'config'), text);
      expect(gitHooksOf(home)(repo)?.configCredential === true).toBe(want);
    });
});
