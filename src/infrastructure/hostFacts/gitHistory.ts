// Every path a repository's history holds, what HEAD holds and changes, what revisions name, and
// what a show or diff of named revisions prints from: what `git log -p`, `git show OLD`,
// `git diff --cached` print from commits even after a file has left the index (attack passes 18
// F6, 22 F2, 23, 24). The object database cannot be read without git (packs, deltas), so git
// lists it (gitRun.ts):
//   git --no-replace-objects log --all --reflog -m --root --name-only --format=%x00%H -z
// Every path of every commit reachable from a ref or a reflog entry (stashes included) was added
// by some commit against one of its parents, or by a root commit: the union of the names each
// commit changes is the set of names any of them holds. The objects are read as stored: the
// replacements of replace refs are refs themselves, so they are listed too.
//
// git is spawned only for commands that print from commits, and the answers are kept per
// repository while its refs, reflogs and pseudo-refs are unchanged (gitRefsKey.ts).
import type { GitHeadFact, GitHistoryFact, GitObject, GitObjectsFact } from '../../domain/reviewRequest.js';
import { findRepository } from './gitIndex.js';
import { commonDirOf, hasReplaceRefs, historyKey, partialCloneProblem } from './gitRefsKey.js';
import { isTransient, namesOf, runGit } from './gitRun.js';
import { COUNT_LIMIT } from '../../domain/toolModels/tools/git/trackedContent.js';

const MAX_CACHED = 16;

/** Per git directory: the key its answers hold for, and the answers computed under it. */
interface Entry {
  key: string;
  history?: GitHistoryFact;
  head?: GitHeadFact;
  /** Revision names resolved under this key (gitObjectsOf); null: none found. */
  objects?: Map<string, GitObject | null>;
}
const MAX_KNOWN_NAMES = 1000;
const cache = new Map<string, Entry>();

/**
 * Every path and every commit of the history of the repository whose work tree root is `root`.
 * Each commit is headed by a NUL and its id (`%x00%H`); a path is never empty, so an empty field
 * followed by an id is a header, and the first path after one follows a newline. Never throws.
 */
export function gitHistoryOf(root: string): GitHistoryFact {
  return cached(root, 'history', (r) => {
    const out = runGit(r, [
      'log',
      '--all',
      '--reflog',
      '-m',
      '--root',
      '--name-only',
      '--no-renames',
      '--format=%x00%H',
      '-z',
    ]);
    if ('problem' in out) return out;
    const fields = out.text.split('\0');
    const paths = new Set<string>();
    const commits = new Set<string>();
    let afterHeader = false;
    for (let i = 0; i < fields.length; i++) {
      const f = fields[i]!;
      if (f === '') {
        const id = fields[i + 1];
        if (id !== undefined && OBJECT_ID.test(id)) {
          commits.add(id);
          i++;
          afterHeader = true;
        }
        continue;
      }
      paths.add(afterHeader && f.startsWith('\n') ? f.slice(1) : f);
      afterHeader = false;
    }
    return { paths: Object.freeze([...paths]), commits };
  });
}

const OBJECT_ID = /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/;

/**
 * What HEAD's tree holds and what HEAD changes against its parents (a commit that deletes `.env`
 * shows its whole text): for `git diff --cached`, `git show` and `status -v`. Never throws.
 */
export function gitHeadOf(root: string): GitHeadFact {
  return cached(root, 'head', (r, common) => {
    // With replace refs, `git show` prints the replacement and `--no-replace-objects` the original:
    // both views are listed (attack pass 23, F1).
    const views = hasReplaceRefs(common) ? [true, false] : [false];
    const tree = new Set<string>();
    const changes = new Set<string>();
    for (const replaced of views) {
      const t = runGit(r, ['ls-tree', '-r', '--full-tree', '--name-only', '-z', 'HEAD'], undefined, replaced);
      if ('problem' in t) return t;
      const c = runGit(
        r,
        ['log', '-1', '-m', '--root', '--name-only', '--no-renames', '--format=', '-z', 'HEAD'],
        undefined,
        replaced,
      );
      if ('problem' in c) return c;
      for (const n of namesOf(t.text)) tree.add(n);
      for (const n of namesOf(c.text)) changes.add(n);
    }
    return { tree: Object.freeze([...tree]), changes: Object.freeze([...changes]) };
  });
}

/**
 * The object each revision names, peeled through tags (`git cat-file --batch-check`, which reads
 * every revision syntax `git show` does): its id and type, or undefined when git finds none (or
 * more than one). Kept under the refs' key, as the listings are. Never throws.
 */
export function gitObjectsOf(root: string, names: readonly string[]): GitObjectsFact {
  try {
    if (names.some((n) => /[\n\0]/.test(n))) return { problem: 'a revision holds a newline' };
    const at = currentEntry(root);
    if ('problem' in at) return at;
    // Answers are kept with the refs they were resolved under. A name that found nothing (null)
    // may find an object later without a ref moving (`hash-object -w`), but "nothing" only ever
    // asks, so keeping it can never allow what git would then print.
    const known = at.entry ? (at.entry.objects ??= new Map()) : new Map<string, GitObject | null>();
    const found = new Map<string, GitObject | undefined>();
    let pending: { name: string; ask: string }[] = [];
    for (const name of new Set(names)) {
      const hit = known.get(name);
      if (hit !== undefined) found.set(name, hit ?? undefined);
      else pending.push({ name, ask: name });
    }
    // A tag is peeled by asking again for `ID^{}` (appending it to the name would break `:/text`).
    for (let round = 0; pending.length && round < 2; round++) {
      const out = runGit(
        at.root,
        ['cat-file', '--batch-check=%(objectname) %(objecttype)'],
        `${pending.map((p) => p.ask).join('\n')}\n`,
      );
      if ('problem' in out) return out;
      const lines = out.text.split('\n');
      const next: typeof pending = [];
      pending.forEach((p, i) => {
        const m = /^([0-9a-f]{40}|[0-9a-f]{64}) (commit|tree|blob|tag)$/.exec(lines[i] ?? '');
        if (m?.[2] === 'tag' && round === 0) next.push({ name: p.name, ask: `${m[1]}^{}` });
        else {
          const o = m && m[2] !== 'tag' ? { id: m[1]!, type: m[2] as GitObject['type'] } : undefined;
          found.set(p.name, o);
          if (known.size < MAX_KNOWN_NAMES) known.set(p.name, o ?? null);
        }
      });
      pending = next;
    }
    return { objects: found };
  } catch (e) {
    return { problem: `cannot be resolved (${(e as Error).message})` };
  }
}

/**
 * The paths a `show` of these commits or a `diff` of these revisions prints from (`--name-only` of
 * the same form). Revisions go after `--end-of-options`, so none is read as an option. With replace
 * refs, `git show` prints the replacement: not narrowed (a problem), the whole history is judged.
 * Never throws.
 */
export function gitChangedPathsOf(
  root: string,
  form: 'commits' | 'diff' | 'diff-cached' | 'log',
  revisions: readonly string[],
  limits: readonly string[] = [],
): GitHistoryFact {
  try {
    // The same checks as the listings (a partial clone would fetch what it lacks).
    const at = currentEntry(root);
    if ('problem' in at) return at;
    if (hasReplaceRefs(at.common)) return { problem: 'replace refs change what git shows' };
    // Twice: every changed path without rename detection, and every path with the widest rename
    // and copy detection (`--name-status` names both sides: a copy's unchanged source is printed
    // when the user's config sets `diff.renames=copies`; attack pass 24, F5).
    // `log` walks as the command will: its count limits (the domain's spellings only) and revisions.
    const counts = limits.filter((l) => COUNT_LIMIT.test(l));
    const base =
      form === 'commits'
        ? ['log', '--no-walk', '-m', '--root', '--format=', '-z']
        : form === 'log'
          ? ['log', ...counts, '-m', '--root', '--format=', '-z']
          : ['diff', '-z', ...(form === 'diff-cached' ? ['--cached'] : [])];
    const paths = new Set<string>();
    for (const detect of [
      ['--name-only', '--no-renames'],
      ['--name-status', '-C', '-C', '-B'],
    ]) {
      const out = runGit(at.root, [...base, ...detect, '--end-of-options', ...revisions]);
      if ('problem' in out) return out;
      const fields = out.text.split('\0');
      if (detect[0] === '--name-only') for (const f of namesOf(out.text)) paths.add(f);
      // Records of `--name-status -z`: a status, then one path, or two for a copy or rename.
      else
        for (let i = 0; i < fields.length; ) {
          const status = fields[i++]!.replace(/^\n/, '');
          if (status === '') continue;
          const n = /^[CR]/.test(status) ? 2 : 1;
          for (let k = 0; k < n && i < fields.length; k++) paths.add(fields[i++]!);
        }
    }
    return { paths: Object.freeze([...paths]), commits: new Set() };
  } catch (e) {
    return { problem: `cannot be listed (${(e as Error).message})` };
  }
}

function cached<K extends 'history' | 'head'>(
  root: string,
  kind: K,
  compute: (root: string, common: string) => NonNullable<Entry[K]>,
): NonNullable<Entry[K]> {
  try {
    const at = currentEntry(root);
    if ('problem' in at) return at;
    const hit = at.entry?.[kind];
    if (hit) return hit;
    const fact = compute(at.root, at.common);
    // A failure git will repeat (not a repository, dubious ownership) is kept as an answer is; a
    // time limit or a spawn that failed is tried again on the next review.
    if (at.entry && !isTransient(fact)) at.entry[kind] = fact;
    return fact;
  } catch (e) {
    return { problem: `cannot be listed (${(e as Error).message})` };
  }
}

/**
 * The repository's work tree root and its cache entry, valid for the refs as they are now;
 * no entry when they cannot be keyed (too many, or changed in the last 2 s).
 */
function currentEntry(root: string): { root: string; common: string; entry: Entry | undefined } | { problem: string } {
  const repo = findRepository(root);
  if (!repo) return { problem: 'no repository found' };
  const common = commonDirOf(repo.gitDir);
  const partial = partialCloneProblem(common);
  if (partial) return { problem: partial };
  const key = historyKey(repo.gitDir, common);
  if (key === undefined) return { root: repo.root, common, entry: undefined };
  let entry = cache.get(repo.gitDir);
  if (entry?.key !== key) {
    if (!entry && cache.size >= MAX_CACHED) cache.delete(cache.keys().next().value!);
    entry = { key };
    cache.set(repo.gitDir, entry);
  }
  return { root: repo.root, common, entry };
}
