// A repository's `.git/config` may hold a credential: actions/checkout keeps the job's token in
// an `http.extraHeader`, and a clone from `https://TOKEN@host/…` keeps the token in the remote
// URL (attack pass 18, F11: `cat .git/config` and `git config -l` printed them, allowed). Such a
// config is judged as a secret when it is read; a config without one stays readable.
import type { HostFacts } from '../reviewRequest.js';
import type { Verdict } from '../verdict.js';
import { verdict } from '../verdict.js';
import { normalizePosix } from './posixPath.js';

export const GIT_CONFIG_CREDENTIALS_RULE = 'paths:git-config-credentials';
const WHY = 'holds a credential (a token in a remote URL or an http extraHeader)';

/** Whether the repository git uses in this directory keeps a credential in its own config. */
export function repoConfigHoldsCredential(absDir: string, facts: HostFacts): boolean {
  return facts.gitHooks?.(absDir)?.configCredential === true;
}

/** A git directory's config files: `.git/config`, `.git/modules/NAME/config`, `config.worktree`. */
const GIT_CONFIG_FILE = /\/\.git\/(?:.+\/)?config(?:\.worktree)?$/;

/** Without the file fact: a work tree's own `.git/config`, by the gitHooks fact of that work tree. */
function workTreeConfigHolds(path: string, facts: HostFacts): boolean {
  if (!path.endsWith('/.git/config')) return false;
  const root = path.slice(0, -'/.git/config'.length) || '/';
  const repo = facts.gitHooks?.(root);
  return repo?.configCredential === true && normalizePosix(repo.root) === root;
}

/** Reading this absolute path prints a repository config that holds a credential. */
export function credentialedGitConfigRead(path: string, facts: HostFacts): Verdict | undefined {
  if (!GIT_CONFIG_FILE.test(path)) return undefined;
  if (!(facts.gitConfigCredential?.(path) ?? workTreeConfigHolds(path, facts))) return undefined;
  return verdict(
    'block',
    'high',
    'path.protected',
    `'${path}' is the repository's git config and ${WHY}: reading it prints the secret.`,
    GIT_CONFIG_CREDENTIALS_RULE,
  );
}

/** The verdict for a git command that prints the values of a config that holds a credential. */
export function credentialedGitConfigPrint(what: string): Verdict {
  return verdict(
    'block',
    'high',
    'path.protected',
    `${what} prints values of the repository's git config, which ${WHY}.`,
    GIT_CONFIG_CREDENTIALS_RULE,
  );
}
