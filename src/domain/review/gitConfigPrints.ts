// git commands that print the repository's config values (which ones: git/configPrints.ts, in
// git's tool family) where its `.git/config` holds a credential (paths/gitConfigCredentials.ts):
// printing the values that carry it prints the secret (attack pass 18, F11).
import type { PathContext } from '../paths/judgePaths.js';
import { credentialedGitConfigPrint, repoConfigHoldsCredential } from '../paths/gitConfigCredentials.js';
import { printsConfigValues } from '../toolModels/tools/git/configPrints.js';
import type { Verdict } from '../verdict.js';

/** Undefined unless the command prints values of a repository config that holds a credential. */
export function gitConfigPrintVerdict(args: readonly string[], ctx: PathContext): Verdict | undefined {
  const what = printsConfigValues(args);
  if (what === undefined || !repoConfigHoldsCredential(ctx.cwd, ctx.facts)) return undefined;
  return credentialedGitConfigPrint(what);
}
