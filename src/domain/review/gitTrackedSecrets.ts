/**
 * A protected file that git TRACKS is printed by git commands that never name it (attack pass 8,
 * P8-08): `git show HEAD`, `log -p`, `diff --cached`, `grep TOKEN`, `archive`, `format-patch
 * --stdout`. The index (HostFacts.gitIndex) says which paths are tracked; the ones a protected
 * pattern matches and the command's pathspecs reach are judged as reads, as `git show HEAD:.env`
 * is. Commands that print from commits (`log -p`, `show OLD`, `diff --cached`, a revision operand)
 * also reach what only the history holds (HostFacts.gitHistory): a `.env` committed once and
 * then removed from the index is printed by them all the same (attack passes 18 F6, 22 F2).
 */
import type { PathContext } from '../paths/judgePaths.js';
import { judgePaths, protectedPatternTest } from '../paths/judgePaths.js';
import { normalizePosix } from '../paths/posixPath.js';
import type { Verdict } from '../verdict.js';
import { combineVerdicts, verdict } from '../verdict.js';
import { makeArgView } from '../policy/argView.js';
import type { ContentSource, TrackedContentReach } from '../toolModels/tools/git/trackedContent.js';
import { trackedContentReach } from '../toolModels/tools/git/trackedContent.js';
import { pathspecMatcher } from './gitPathspecMatch.js';
import { narrowingOf, revisionNames, unplacedRevisionVerdict } from './gitRevisions.js';
import { withOtherProjects } from '../paths/otherProjects.js';
import { isProjectConfigName } from '../projectConfigFiles.js';

/**
 * The protected candidates of one index list, per work tree and protection setting. Keyed on
 * the config object (the resident process keeps one while its file is unchanged), the home and
 * shimctl's directories, so a warm review neither walks the list nor prepares the path tables.
 */
const candidatesByList = new WeakMap<readonly string[], { key: string; config: object; found: string[] }>();

/** Index paths a protected pattern may match (relative to the root), memoized on the adapter's list. */
function protectedCandidates(root: string, paths: readonly string[], ctx: PathContext): string[] {
  const f = ctx.facts;
  const key = `${root}\0${f.home}\0${f.caseInsensitivePaths === true}\0${(f.shimctlPaths ?? []).join('\0')}`;
  const hit = candidatesByList.get(paths);
  if (hit && hit.config === ctx.config && hit.key === key) return hit.found;
  const t = protectedPatternTest(ctx);
  const base = root === '/' ? '' : root;
  const found = paths.filter((rel) => t.test(`${base}/${rel}`));
  candidatesByList.set(paths, { key, config: ctx.config, found });
  return found;
}

/** Every tracked path and every directory above one, per index list: operands before `--` are looked up here. */
const namesByList = new WeakMap<readonly string[], Set<string>>();

/** Whether the index holds this path or one below it (an operand naming a tracked file or directory). */
function namesTracked(paths: readonly string[], path: string): boolean {
  if (path === '') return true;
  let names = namesByList.get(paths);
  if (!names) {
    names = new Set();
    for (const p of paths) {
      names.add(p);
      for (let i = p.lastIndexOf('/'); i > 0; i = p.lastIndexOf('/', i - 1)) {
        const dir = p.slice(0, i);
        if (names.has(dir)) break;
        names.add(dir);
      }
    }
    namesByList.set(paths, names);
  }
  return names.has(path);
}

/** Per index list: the root and the directories of the tracked shimctl project files. */
const projectDirsByList = new WeakMap<readonly string[], { root: string; dirs: string[] }>();

function projectDirsOf(root: string, paths: readonly string[]): string[] {
  const hit = projectDirsByList.get(paths);
  if (hit && hit.root === root) return hit.dirs;
  const base = root === '/' ? '' : root;
  const dirs = [root];
  for (const rel of paths) {
    const slash = rel.lastIndexOf('/');
    if (!isProjectConfigName(rel.slice(slash + 1))) continue;
    if (slash > 0) dirs.push(`${base}/${rel.slice(0, slash)}`);
  }
  projectDirsByList.set(paths, { root, dirs });
  return dirs;
}

/**
 * Where the command prints from (trackedContent.ts), with its revisions counted: `HEAD` and `@`
 * keep HEAD's reach; any other revision reaches every commit.
 */
function sourceOf(reach: TrackedContentReach, revisions: readonly string[]): ContentSource {
  if (!revisions.length) return reach.from;
  // Only HEAD itself: `HEAD^@` (its parents), `HEAD^!` and `HEAD^-` (a range) reach other commits
  // (attack pass 24, F2).
  if (revisions.some((r) => r !== 'HEAD' && r !== '@')) return 'commits';
  return reach.from === 'index' ? 'head' : reach.from;
}

/**
 * The paths beyond the index the command may print from: HEAD's tree, HEAD's changes, or the
 * whole history. Without the host fact for HEAD, the whole history stands for it (wider).
 */
function olderPaths(
  from: Exclude<ContentSource, 'index'>,
  root: string,
  ctx: PathContext,
): { paths: readonly string[]; commits?: ReadonlySet<string> } | { problem: string } | undefined {
  const f = ctx.facts;
  if (from !== 'commits' && f.gitHead) {
    const head = f.gitHead(root);
    if ('problem' in head) return head;
    return { paths: from === 'head' ? head.tree : head.changes };
  }
  return f.gitHistory?.(root);
}

/** How the message names where a file the index no longer holds was found. */
const OLDER_WORDS: Record<Exclude<ContentSource, 'index'>, string> = {
  head: "HEAD's tree holds",
  headCommit: "HEAD's commit changes",
  commits: 'its history holds',
};

/** An operand as a path from the work tree's root; '/' (never a tracked name) for one outside it. */
function rootRelative(prefix: string, word: string): string {
  const rel = normalizePosix(`/${prefix}${prefix ? '/' : ''}${word}`);
  return rel.startsWith('/..') ? '/' : rel.slice(1).replace(/\/$/, '');
}

/**
 * `ctx.cwd` is git's directory (`-C` applied, gitBaseState). Undefined: the command prints no
 * tracked contents, or none of the protected ones.
 */
export function gitTrackedSecretsVerdict(args: readonly string[], ctx: PathContext): Verdict | undefined {
  const reach = trackedContentReach(args);
  if (!reach || !ctx.facts.gitIndex) return undefined;
  // git finds its repository from the physical directory (getcwd), not the spelling.
  const dir = normalizePosix(ctx.facts.realpath(normalizePosix(ctx.cwd)));
  const index = ctx.facts.gitIndex(dir);
  if (!index) return undefined;
  const view = makeArgView('git', args);
  const sub = view.sub.join(' ');
  if (!index.paths)
    return verdict(
      'ask',
      'medium',
      'path.secret_in_tree',
      `git ${sub} prints tracked files, and the index of ${index.root} could not be read to see whether a protected file (.env, keys) is among them`,
      'paths:git-tracked',
    );
  // What the repository's own project files protect, and those of projects nested in it whose
  // file the index tracks, apply however the command got here (`cd ../other && git log -p`,
  // `git -C vendor/inner show HEAD`: attack pass 20, F2); judgePaths widens per path as well.
  const projects = withOtherProjects(ctx.config, ctx.facts, projectDirsOf(index.root, index.paths));
  const widened = projects.config === ctx.config ? ctx : { ...ctx, config: projects.config };
  if (projects.problems.length) return combineVerdicts(...projects.problems);
  const paths = index.paths;
  // git reads a word before `--` as a revision first; one that is not must exist in the work tree
  // (a word that is both is an error). So a word names a path only when it exists on disk: a
  // tracked file deleted from the work tree, named like a branch, is that branch (attack pass 23,
  // F4). Without the fact, the index stands in.
  const base = index.root === '/' ? '' : index.root;
  const exists = ctx.facts.entryExists;
  const tracked = exists
    ? (p: string) => p !== '/' && exists(p === '' ? index.root : `${base}/${p}`)
    : (p: string) => namesTracked(paths, p);
  const indexed = protectedCandidates(index.root, paths, widened);
  const prefix = dir === index.root ? '' : dir.slice(index.root.length + 1);
  // An operand before `--` that names no path is a revision, and so is every object name of `cat-file`.
  const pathWords = reach.maybePathspecs.filter((word) => tracked(rootRelative(prefix, word)));
  const revisions = [...(reach.objects ?? []), ...reach.maybePathspecs.filter((word) => !pathWords.includes(word))];
  const from = sourceOf(reach, revisions);
  const older = from === 'index' ? undefined : olderPaths(from, index.root, ctx);
  if (older && 'problem' in older)
    return verdict(
      'ask',
      'medium',
      'path.secret_in_tree',
      `git ${sub} prints from commits, and the history of ${index.root} could not be listed (${older.problem}) to see whether a protected file (.env, keys) is in it`,
      'paths:git-tracked',
    );
  // What the listings cannot see asks: a revision that is no commit of the listed history, and
  // the submodules' own repositories.
  const asks: Verdict[] = [];
  if (older?.commits) {
    const v = unplacedRevisionVerdict(sub, revisionNames(revisions), index.root, older.commits, ctx.facts);
    if (v) asks.push(v);
  }
  if (reach.submodules)
    asks.push(
      verdict(
        'ask',
        'medium',
        'path.secret_in_tree',
        `git ${sub} with --submodule=diff or --recurse-submodules prints from each submodule's own index and history, which the review does not read`,
        'paths:git-tracked',
      ),
    );
  let inHistory = older ? protectedCandidates(index.root, older.paths, widened) : [];
  // Where the history holds a secret, a command naming placed revisions is narrowed to what it
  // prints (`git show abc123`, `git diff main...HEAD`), asked of git; otherwise every commit counts.
  if (inHistory.length && older?.commits && !asks.length && ctx.facts.gitChangedPaths) {
    const narrow = narrowingOf(
      view.sub[0] ?? '',
      reach.from,
      revisions,
      reach.formatOnly === true,
      reach.limits,
      reach.pathspecs.length > 0 || pathWords.length > 0,
    );
    const printed = narrow && ctx.facts.gitChangedPaths(index.root, narrow.form, narrow.revisions, narrow.limits);
    if (printed && 'paths' in printed) {
      const set = new Set(printed.paths);
      inHistory = inHistory.filter((rel) => set.has(rel));
    }
  }
  if (!indexed.length && !inHistory.length) return asks.length ? combineVerdicts(...asks) : undefined;
  const match = reach.unlimited ? () => true : pathspecMatcher(prefix, reach, tracked);
  const found: Verdict[] = [];
  const seen = new Set<string>();
  const olderWords = from === 'index' ? '' : OLDER_WORDS[from];
  for (const [rel, where] of [
    ...indexed.map((r) => [r, 'the index holds'] as const),
    ...inHistory.map((r) => [r, olderWords] as const),
  ]) {
    if (seen.has(rel) || !match(rel)) continue;
    seen.add(rel);
    const v = judgePaths([{ raw: `${base}/${rel}`, access: 'read' }], ctx).verdict;
    if (v.decision === 'allow') continue;
    found.push({
      ...v,
      reasons: v.reasons.map((r) => ({
        code: r.code,
        message: `git ${sub} prints tracked files, and ${where} '${rel}': ${r.message} Name the paths you need after \`--\`.`,
      })),
    });
  }
  found.push(...asks);
  return found.length ? combineVerdicts(...found) : undefined;
}
