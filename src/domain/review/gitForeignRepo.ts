/**
 * `git --git-dir=DIR`, `--work-tree=DIR` and `-C DIR` point git at a repository other than the
 * workspace's. Git then trusts that repository's config: its `core.fsmonitor`, hooks and
 * aliases run on `git status`. The `GIT_DIR=` spelling is already asked (env.code_injection);
 * `--git-dir`/`--work-tree` are always asked, `-C` when it leaves the workspace.
 */
import type { Verdict } from '../verdict.js';
import { verdict } from '../verdict.js';
import { absolutize, expandTilde, isWithin, normalizePosix, resolvePhysically } from '../paths/posixPath.js';
import type { ReviewState } from './reviewState.js';
import { chdirState } from './wrapperReview.js';
import { gitGlobals } from '../toolModels/tools/git/globalOptions.js';
import { makeArgView } from '../policy/argView.js';

const REPO_OPTIONS = new Set(['-C', '--git-dir', '--work-tree', '--namespace']);

/** The repository-choosing global options, in order (tools/git/globalOptions.ts reads them). */
function globalRepoOptions(args: readonly string[]): Array<[string, string]> {
  return gitGlobals(args)
    .uses.filter((u) => REPO_OPTIONS.has(u.name))
    .map((u) => [u.name, u.value ?? '']);
}

/**
 * The state git's own path operands are judged in: `git -C a -C b rm x` removes `a/b/x`, so
 * pathspecs and `--output` files resolve against the `-C` directories, composed in order, while
 * the workspace stays the original one. Undefined when a directory is only known at run time.
 */
export function gitBaseState(args: readonly string[], state: ReviewState): ReviewState | undefined {
  let cur: ReviewState | undefined = state;
  for (const [opt, raw] of globalRepoOptions(args)) {
    if (opt !== '-C' || cur === undefined) continue;
    // `-C ''` is git's "stay here".
    if (raw !== '') cur = chdirState(cur, raw);
  }
  return cur;
}

/** Ask when git is pointed at a repository outside the workspace; undefined otherwise. */
export function gitForeignRepoVerdict(args: readonly string[], state: ReviewState): Verdict | undefined {
  let cwd = state.cwd;
  const root = state.workspace ?? state.cwd;
  const workspace = [normalizePosix(root), normalizePosix(state.facts.realpath(root))];
  // The workspace's own repository reached from a subdirectory (`cd .. && git status`, `git -C ..
  // log` from src/) is the one git uses in the workspace anyway: its config is no stranger's.
  let own: string | undefined | null = null;
  const sameRepository = (dir: string): boolean => {
    const index = state.facts.gitIndex;
    if (!index) return false;
    if (own === null) own = index(resolvePhysically(normalizePosix(root), state.facts.realpath))?.root;
    return own !== undefined && index(dir)?.root === own;
  };
  for (const [opt, raw] of globalRepoOptions(args)) {
    const abs = absolutize(raw.startsWith('~') ? expandTilde(raw, state.facts.home) : raw, cwd);
    const real = resolvePhysically(abs, state.facts.realpath);
    // Refs under refs/namespaces/NAME: fetches, pushes and resets act on refs the review never named.
    if (opt === '--namespace')
      return verdict(
        'ask',
        'high',
        'command.escape_hatch',
        `git --namespace ${raw} moves every ref git reads and writes to refs/namespaces/${raw}`,
      );
    if (opt === '-C')
      cwd = abs; // later relative options resolve against it, as git does
    // A git dir or work tree other than the one git finds itself: even inside the workspace it
    // may be a directory the agent wrote, whose config (core.fsmonitor) runs a program.
    else if (!isDefaultRepo(opt, abs, workspace[0]!))
      return verdict(
        'ask',
        'high',
        'command.escape_hatch',
        `git ${opt} ${raw} points git at a repository the review has not seen; its config (core.fsmonitor, hooks, aliases) runs programs`,
      );
    if (![abs, real].every((p) => workspace.some((w) => isWithin(p, w))) && !sameRepository(real)) {
      return verdict(
        'ask',
        'high',
        'command.escape_hatch',
        `git ${opt} ${raw} uses a repository outside the workspace; its config (core.fsmonitor, hooks, aliases) runs programs`,
      );
    }
  }
  const bare = bareRepositoryAbove(cwd, state);
  // `cd ~/.config/git && git fetch … && git checkout FETCH_HEAD` wrote git's global config, and
  // `cd ../other && git commit` changed another project (attack pass 21, F8/F9): git run in a
  // repository outside the workspace trusts that repository's config and writes its work tree
  // unjudged, however it got there (`cd`, `pushd`, `env -C`), as with `-C` above.
  const real = resolvePhysically(cwd, state.facts.realpath);
  if (![cwd, real].every((p) => workspace.some((w) => isWithin(p, w)))) {
    const repo = bare ?? state.facts.gitIndex?.(real)?.root;
    if (repo !== undefined && !sameRepository(real))
      return verdict(
        'ask',
        'high',
        'command.escape_hatch',
        `git runs in ${repo}, a repository outside the workspace; its config (core.fsmonitor, hooks, aliases) runs programs, and what git writes there is not judged`,
      );
    // `git init` and `git clone URL` without a directory make a repository right there.
    const sub = makeArgView('git', args).sub;
    if (sub[0] === 'init' || sub[0] === 'clone')
      return verdict(
        'ask',
        'medium',
        'path.outside_workspace',
        `git ${sub[0]} makes a repository in ${cwd}, outside the workspace`,
      );
  }
  if (bare !== undefined)
    return verdict(
      'ask',
      'high',
      'command.escape_hatch',
      `git runs in ${bare}, a repository kept outside a .git directory: its config may have been written before it looked like one (core.fsmonitor, hooks run programs)`,
    );
  return undefined;
}

/**
 * The directory git's discovery would take as a bare repository (setup.c: at each level `D/.git`
 * first, then D itself when it holds HEAD and objects, refs or commondir), or undefined when it
 * reaches a `.git` first. Its config is protected only once the directory looks like a repository
 * (judgePaths' git-dir check), so one written before HEAD was (attack pass 8, P8-02: config,
 * then HEAD, then `git -C b status`) was never judged. Only with the `entryExists` fact.
 */
function bareRepositoryAbove(start: string, state: ReviewState): string | undefined {
  const exists = state.facts.entryExists;
  if (!exists) return undefined;
  for (let d = normalizePosix(start); ; d = d.slice(0, Math.max(d.lastIndexOf('/'), 1))) {
    const base = d === '/' ? '' : `${d}/`;
    const repoLike = exists(`${base}HEAD`) && ['objects', 'refs', 'commondir'].some((n) => exists(`${base}${n}`));
    if (repoLike && !d.endsWith('/.git')) return d;
    if (exists(`${base}.git/HEAD`) || d === '/') return undefined;
  }
}

/** `--git-dir=.git` / `--work-tree=.` at the workspace root name what git would find anyway. */
function isDefaultRepo(opt: string, abs: string, root: string): boolean {
  return abs === (opt === '--git-dir' ? normalizePosix(`${root}/.git`) : root);
}
