/**
 * A git pathspec is a pattern, not a file name: `git log -p -- '.e*'` prints the history of a
 * tracked `.env` although the word `.e*` names no protected file (attack pass 6, P6-22). In the
 * subcommands that print file contents, a pathspec with glob characters is matched against the
 * files under git's directory (listed through HostFacts, bounded, as for `grep -r`) and every
 * match is judged as a read; pathspec magic (`:(icase).ENV`, `:(glob)`, `:!x`, `:^x`, and `:/x`
 * after `--`) changes what matches in ways the review does not model, so it asks.
 * A file only in history (deleted from the work tree) is not seen: see docs/policy.md "Git".
 */
import type { PathArg, PathContext } from '../paths/judgePaths.js';
import { judgePaths } from '../paths/judgePaths.js';
import { absolutize } from '../paths/posixPath.js';
import { makeArgView, positionals } from '../policy/argView.js';
import { namesBlob } from '../toolModels/tools/git/revPath.js';
import { SHOWS_BLOBS, reportsMetadataOnly } from '../toolModels/tools/git/pathArgs.js';
import type { Verdict } from '../verdict.js';
import { verdict } from '../verdict.js';
import { wildmatchRegExp } from './gitWildmatch.js';

/** Subcommands that print (or pack) the contents of the files their pathspecs match. */
const PRINTS_CONTENT = new Set([
  ...SHOWS_BLOBS,
  'whatchanged',
  'format-patch',
  'diff-tree',
  'diff-index',
  'diff-files',
]);

/** Pathspec magic: `:(...)` long form, `:!`/`:^` exclusion; `:/` (top) only where it is surely a pathspec. */
function hasMagic(word: string, afterDashes: boolean): boolean {
  return /^:[(!^]/.test(word) || (afterDashes && word.startsWith(':/'));
}

/**
 * A git glob (wildmatch without FNM_PATHNAME: `*` crosses `/`) as a matcher of paths relative to
 * git's directory; a match may be a leading directory (`src*` matches `src/a.ts`).
 */
function pathspecRegExp(glob: string): RegExp | undefined {
  return wildmatchRegExp(glob, false, '(/.*)?', 's');
}

const ask = (why: string): Verdict => verdict('ask', 'medium', 'path.secret_in_tree', why, 'paths:git-pathspec');

/**
 * `ctx` is the path context in git's own directory (gitBaseState: `-C` applied) and `limit` the
 * tree listing's bound (secretsInTree.ts): the caller passes both, so this file stays out of the
 * review's import cycle.
 */
export function gitPathspecVerdict(args: readonly string[], ctx: PathContext, limit: number): Verdict | undefined {
  const view = makeArgView('git', args);
  const sub = view.sub[0];
  if (sub === undefined || !PRINTS_CONTENT.has(sub) || reportsMetadataOnly(sub, view.rest)) return undefined;
  const dash = view.rest.indexOf('--');
  const words = positionals(view.rest);
  const after = new Set(dash < 0 ? [] : view.rest.slice(dash + 1));
  const globs: string[] = [];
  for (const w of words) {
    if (hasMagic(w, after.has(w)))
      return ask(`git ${sub} pathspec '${w}' uses pathspec magic, which may match a protected file (.env, keys)`);
    // `REV:path` names one blob (judged in pathArgs.ts); a glob there is literal.
    if (/[*?[]/.test(w) && !namesBlob(w)) globs.push(w);
  }
  if (!globs.length) return undefined;
  const list = ctx.facts.filesUnder;
  if (!list) return ask(`git ${sub} pathspec '${globs[0]}' is a glob the review cannot match here`);
  const dir = absolutize('.', ctx.cwd);
  const listed = list.call(ctx.facts, dir, limit);
  if (!listed.complete)
    return ask(`git ${sub} pathspec '${globs[0]}' is matched in a tree larger than the review lists`);
  const matchers = globs.map(pathspecRegExp);
  if (matchers.some((m) => m === undefined))
    return ask(`git ${sub} pathspec glob the review cannot read: ${globs.join(' ')}`);
  const files: PathArg[] = [];
  for (const f of listed.files) {
    const rel = f.slice(dir.endsWith('/') ? dir.length : dir.length + 1);
    if (matchers.some((m) => m!.test(rel))) files.push({ raw: f, access: 'read' });
  }
  if (!files.length) return undefined;
  const v = judgePaths(files, ctx).verdict;
  return v.decision === 'allow' ? undefined : v;
}
