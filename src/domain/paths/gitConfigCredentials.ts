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

/** Reading this absolute path prints a repository config that holds a credential. */
export function credentialedGitConfigRead(path: string, facts: HostFacts): Verdict | undefined {
  if (!path.endsWith('/.git/config')) return undefined;
  const root = path.slice(0, -'/.git/config'.length) || '/';
  const repo = facts.gitHooks?.(root);
  if (repo?.configCredential !== true || normalizePosix(repo.root) !== root) return undefined;
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
