/**
 * Files the agent may not write, which git swaps all the same. A shimctl project config the
 * repository tracks is part of what git swaps when it moves the
 * work tree to other content (attack pass 18, F9): `git checkout HEAD~1` to a commit without
 * `.shimctlrc.json` removes it, and the project's stricter rules stop applying to the next
 * command; a merge, rebase or stash pop can change it. The agent's own writes of the file ask
 * (`path.shimctl_config`); these git commands ask the same, but only where the index tracks such
 * a file, so repositories without one pay nothing. `package.json` is left out: nearly every
 * JavaScript repository tracks one, and its `shimctl` key is the rare case.
 */
import type { PathContext } from '../paths/judgePaths.js';
import { linkedPlacesOf, selfPathsOf } from '../paths/judgePaths.js';
import { gitWorkTreeAt } from './gitWorkTree.js';
import { PROJECT_CONFIG_FILES } from '../projectConfigFiles.js';
import type { Verdict } from '../verdict.js';
import { verdict } from '../verdict.js';
import { hasFlag, makeArgView } from '../policy/argView.js';

const CONFIG_NAMES: ReadonlySet<string> = new Set(PROJECT_CONFIG_FILES.filter((n) => n !== 'package.json'));

/** Subcommands that put other commits' files into the work tree (path forms of checkout ask already). */
function swapsWorkTree(sub: readonly string[], rest: readonly string[]): boolean {
  switch (sub[0]) {
    case 'checkout':
    case 'switch':
      // A new branch at HEAD (`switch -c x`, `checkout -b x`) leaves the files as they are.
      if (
        hasFlag(rest, sub[0] === 'switch' ? 'c' : 'b', '--create') &&
        rest.filter((a) => !a.startsWith('-')).length <= 1
      )
        return false;
      return !hasFlag(rest, '', '--help');
    case 'merge':
    case 'pull':
    case 'rebase':
    case 'cherry-pick':
    case 'revert':
    case 'am':
    case 'sparse-checkout':
      return !hasFlag(rest, '', '--help');
    case 'stash':
      // Pushing resets tracked files to HEAD (an uncommitted tightening of the config goes with it).
      return sub[1] === undefined || ['push', 'save', 'pop', 'apply', 'branch'].includes(sub[1]);
    case 'bisect':
      // start, good, bad, skip, reset REV, replay … check out other commits (attack pass 19).
      return !['log', 'visualize', 'view', 'terms', 'help'].includes(sub[1] ?? '');
    case 'read-tree':
    case 'checkout-index':
      return true;
    // Untracking, then a new worktree of the commit without it: the protected files there had no
    // project file over them (attack pass 21, F10: `git rm --cached pkg/.shimctlrc.json`, commit,
    // `git worktree add wt3`, `cat wt3/pkg/keys/k`).
    case 'rm':
      return rest.includes('--cached');
    case 'worktree':
      return sub[1] === 'add';
    default:
      return false;
  }
}

const tracking = new WeakMap<readonly string[], string | null>();

/** The first tracked project config in an index list (memoized on the adapter's list). */
function trackedConfig(paths: readonly string[]): string | undefined {
  let hit = tracking.get(paths);
  if (hit === undefined) {
    hit = paths.find((p) => CONFIG_NAMES.has(p.slice(p.lastIndexOf('/') + 1))) ?? null;
    tracking.set(paths, hit);
  }
  return hit ?? undefined;
}

/** `ctx.cwd` is git's directory (`-C` applied). Undefined: nothing to ask. */
export function gitTrackedConfigVerdict(args: readonly string[], ctx: PathContext): Verdict | undefined {
  if (!ctx.facts.gitIndex) return undefined;
  const view = makeArgView('git', args);
  if (!swapsWorkTree(view.sub, view.rest)) return undefined;
  const index = gitWorkTreeAt(ctx.cwd, ctx.facts);
  if (!index?.paths) return undefined;
  // A dotfiles repository: protected places under HOME lead into it (`~/.bashrc -> dotfiles/bashrc`),
  // so what git puts into the work tree lands in them (attack pass 19: a commit made in a worktree,
  // then `git merge`, appended to ~/.bashrc).
  const root = index.root === '/' ? '' : index.root;
  const inRepo = (p: string): boolean => p === index.root || p.startsWith(`${root}/`);
  // shimctl's own config kept in a dotfiles repository (`~/.config/shimctl -> dotfiles/shimctl`):
  // a merge there rewrote it to mode yolo (attack pass 19).
  const own = selfPathsOf(ctx).find(inRepo);
  if (own)
    return verdict(
      'block',
      'critical',
      'path.self_protection',
      `git ${view.sub.join(' ')} puts other commits' files into the work tree of ${index.root}, which holds shimctl's own files (${own}): changing them would switch the review off.`,
      'paths:self-protection',
    );
  const linked = linkedPlacesOf(ctx).find((l) => inRepo(l.target));
  if (linked)
    return verdict(
      'ask',
      'high',
      'path.protected_write',
      `git ${view.sub.join(' ')} puts other commits' files into the work tree of ${index.root}, where ${linked.place} leads (${linked.target}): the command can change that protected file.`,
      'paths:linked-place',
    );
  const file = trackedConfig(index.paths);
  if (!file) return undefined;
  return verdict(
    'ask',
    'high',
    'path.shimctl_config',
    `git ${view.sub.join(' ')} puts other commits' files into the work tree, and the repository tracks the shimctl project config '${file}': the command can change or remove it, and with it what shimctl allows here.`,
    'paths:shimctl-project-config',
  );
}
