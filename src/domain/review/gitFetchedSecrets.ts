// A fetch, pull or clone from a local repository copies its history into this one, where `git
// show REF:path` prints it judged by this repository's protections, not the source's (attack
// pass 20, F1). The source is judged as `git log -p` would be there: every protected file its
// index tracks, by its own project files and name patterns (gitTrackedSecrets.ts).
import type { PathContext } from '../paths/judgePaths.js';
import { absolutize, expandTilde } from '../paths/posixPath.js';
import { gitWorkTreeAt } from './gitWorkTree.js';
import { fetchedRepositories } from '../toolModels/tools/git/pathArgs.js';
import { makeArgView } from '../policy/argView.js';
import type { Verdict } from '../verdict.js';
import { combineVerdicts } from '../verdict.js';
import { gitTrackedSecretsVerdict } from './gitTrackedSecrets.js';

const WHOLE_HISTORY = ['log', '-p'];

const rootOf = (dir: string, ctx: PathContext): string | undefined => gitWorkTreeAt(dir, ctx.facts)?.root;

export function gitFetchedSecretsVerdict(args: readonly string[], ctx: PathContext): Verdict | undefined {
  const found: Verdict[] = [];
  for (const repo of fetchedRepositories(args)) {
    const cwd = absolutize(expandTilde(repo, ctx.facts.home), ctx.cwd);
    // A word that names nothing (a refspec such as `feature/x`) copies nothing, and neither does
    // the repository git already works in (`git fetch . origin/main:main`).
    if (ctx.facts.entryExists?.(cwd) !== true) continue;
    const root = rootOf(cwd, ctx);
    if (root === undefined || root === rootOf(ctx.cwd, ctx)) continue;
    const v = gitTrackedSecretsVerdict(WHOLE_HISTORY, { ...ctx, cwd });
    if (v)
      found.push({
        ...v,
        reasons: v.reasons.map((r) => ({
          code: r.code,
          message: `git ${makeArgView('git', args).sub[0]} copies the history of ${repo}, where ${r.message}`,
        })),
      });
  }
  return found.length ? combineVerdicts(...found) : undefined;
}
