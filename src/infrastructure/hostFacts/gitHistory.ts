// Every path a repository's history holds: what `git log -p`, `git show OLD`, `git diff --cached`
// print from commits even after the file has left the index (attack passes 18 F6, 22 F2). The
// object database cannot be read without git (packs, deltas), so git lists it:
//   git log --all --reflog -m --root --name-only --no-renames --format= -z
// Every path of every commit reachable from a ref or a reflog entry (stashes included) was added
// by some commit against one of its parents, or by a root commit: the union of the names each
// commit changes is the set of names any of them holds.
//
// This spawns a process, so it runs only for git commands that print from commits, and its answer
// is kept per repository while the refs, reflogs and HEAD are unchanged (their files' identities;
// one changed less than 2 s ago is not trusted, git's "racily clean" rule).
import type * as ChildProcess from 'node:child_process';
import { createRequire } from 'node:module';
import { existsSync, lstatSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';
import type { GitHeadFact, GitHistoryFact, GitObject, GitObjectsFact } from '../../domain/reviewRequest.js';
import { findRepository } from './gitIndex.js';

/** A git found at a fixed system place, never through the agent's PATH (the review runs it). */
const GIT_CANDIDATES = ['/usr/bin/git', '/usr/local/bin/git', '/opt/homebrew/bin/git', '/bin/git'];
/** A history git cannot list in this time is not known: the command asks (within the resident process's 2 s review budget). */
const TIMEOUT_MS = 1500;
const MAX_OUTPUT = 128 * 1024 * 1024;
/** Ref and reflog files looked at for the cache key; a repository with more is listed every time. */
const MAX_KEY_ENTRIES = 5000;
const RACY_MS = 2000;
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
// node:child_process is loaded on first use: the per-command core reviews most commands without
// spawning anything, and a blocked command must not pay for it (test/daemon/lazyLoading.test.ts).
let childProcess: typeof ChildProcess | undefined;
const spawnSync: typeof ChildProcess.spawnSync = ((...args: unknown[]) =>
  (
    (childProcess ??= createRequire('/')('node:child_process') as typeof ChildProcess).spawnSync as (
      ...a: unknown[]
    ) => unknown
  )(...args)) as typeof ChildProcess.spawnSync;
/** Problems that may not recur (a time limit, a failed spawn): never kept. */
const TRANSIENT = new WeakSet<object>();
let gitBinary: string | null | undefined;

function findGit(): string | null {
  if (gitBinary === undefined)
    gitBinary = GIT_CANDIDATES.find((p) => statSync(p, { throwIfNoEntry: false })?.isFile() === true) ?? null;
  return gitBinary;
}

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
  return cached(root, 'head', (r) => {
    // With replace refs, `git show` prints the replacement and `--no-replace-objects` the original:
    // both views are listed (attack pass 23, F1).
    const views = hasReplaceRefs(r) ? [true, false] : [false];
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

/** Whether any replace ref exists (a loose one under refs/replace/, or a packed one). */
function hasReplaceRefs(root: string): boolean {
  const repo = findRepository(root);
  if (!repo) return false;
  const common = commonDirOf(repo.gitDir);
  const dir = join(common, 'refs', 'replace');
  if (existsSync(dir) && readdirSync(dir).length) return true;
  try {
    return readFileSync(join(common, 'packed-refs'), 'utf8').includes(' refs/replace/');
  } catch {
    return false;
  }
}

/**
 * The object each revision names, peeled through tags (`git cat-file --batch-check`, which reads
 * every revision syntax `git show` does): its id and type, or undefined when git finds none (or
 * more than one). Not kept: a name means another object after any ref moves. Never throws.
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
  form: 'commits' | 'diff' | 'diff-cached',
  revisions: readonly string[],
): GitHistoryFact {
  try {
    if (hasReplaceRefs(root)) return { problem: 'replace refs change what git shows' };
    // Twice: every changed path without rename detection, and every path with the widest rename
    // and copy detection (`--name-status` names both sides: a copy's unchanged source is printed
    // when the user's config sets `diff.renames=copies`; attack pass 24, F5).
    const base =
      form === 'commits'
        ? ['log', '--no-walk', '-m', '--root', '--format=', '-z']
        : ['diff', '-z', ...(form === 'diff-cached' ? ['--cached'] : [])];
    const paths = new Set<string>();
    for (const detect of [
      ['--name-only', '--no-renames'],
      ['--name-status', '-C', '-C', '-B'],
    ]) {
      const out = runGit(root, [...base, ...detect, '--end-of-options', ...revisions]);
      if ('problem' in out) return out;
      const fields = out.text.split('\0');
      if (detect[0] === '--name-only') for (const f of fields) f && paths.add(f);
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

function namesOf(text: string): readonly string[] {
  const names = new Set(text.split('\0'));
  names.delete('');
  return Object.freeze([...names]);
}

function cached<K extends 'history' | 'head'>(
  root: string,
  kind: K,
  compute: (root: string) => NonNullable<Entry[K]>,
): NonNullable<Entry[K]> {
  try {
    const at = currentEntry(root);
    if ('problem' in at) return at;
    const hit = at.entry?.[kind];
    if (hit) return hit;
    const fact = compute(at.root);
    // A failure git will repeat (not a repository, dubious ownership) is kept as an answer is; a
    // time limit or a spawn that failed is tried again on the next review.
    if (at.entry && !TRANSIENT.has(fact)) at.entry[kind] = fact;
    return fact;
  } catch (e) {
    return { problem: `cannot be listed (${(e as Error).message})` };
  }
}

/**
 * The repository's work tree root and its cache entry, valid for the refs as they are now;
 * no entry when they cannot be keyed (too many, or changed in the last 2 s).
 */
function currentEntry(root: string): { root: string; entry: Entry | undefined } | { problem: string } {
  const repo = findRepository(root);
  if (!repo) return { problem: 'no repository found' };
  const common = commonDirOf(repo.gitDir);
  const partial = partialCloneProblem(common);
  if (partial) return { problem: partial };
  const key = historyKey(repo.gitDir, common);
  if (key === undefined) return { root: repo.root, entry: undefined };
  let entry = cache.get(repo.gitDir);
  if (entry?.key !== key) {
    if (!entry && cache.size >= MAX_CACHED) cache.delete(cache.keys().next().value!);
    entry = { key };
    cache.set(repo.gitDir, entry);
  }
  return { root: repo.root, entry };
}

/** A linked worktree's refs live in the main repository's directory (`commondir`). */
function commonDirOf(gitDir: string): string {
  let text: string;
  try {
    text = readFileSync(join(gitDir, 'commondir'), 'utf8').trim();
  } catch {
    return gitDir;
  }
  return isAbsolute(text) ? text : resolve(gitDir, text);
}

/**
 * A partial clone fetches missing objects from its remote when asked for them: listing a history
 * whose trees were left out (`--filter=tree:0`) would send traffic off the machine. Only filters
 * that leave every tree in place (`blob:none`, `blob:limit=`) are listed.
 */
function partialCloneProblem(common: string): string | undefined {
  let config: string;
  try {
    config = readFileSync(join(common, 'config'), 'utf8');
  } catch {
    return undefined; // git fails below too, with its own reason
  }
  if (!/^\s*(partialclone|promisor)\s*=/im.test(config)) return undefined;
  const filters = [...config.matchAll(/^\s*partialclonefilter\s*=\s*(\S+)/gim)].map((m) => m[1]!);
  if (filters.length && filters.every((f) => /^blob:(none|limit=\w+)$/.test(f))) return undefined;
  return 'a partial clone whose trees may be missing: listing them would fetch from its remote';
}

/** Files beside HEAD that name commits (revisions such as `FETCH_HEAD`, `ORIG_HEAD` resolve to them). */
const PSEUDO_REFS = [
  'FETCH_HEAD',
  'ORIG_HEAD',
  'MERGE_HEAD',
  'CHERRY_PICK_HEAD',
  'REVERT_HEAD',
  'REBASE_HEAD',
  'BISECT_HEAD',
  'AUTO_MERGE',
];

/**
 * The identity of everything that decides what is reachable and what a revision names: HEAD,
 * packed-refs, shallow, the pseudo-refs, and each file and directory under refs/ and logs/, of
 * the repository and of each linked worktree. Undefined: not to be cached (too many entries, or
 * one changed too recently to tell a later change in the same tick apart).
 */
function historyKey(gitDir: string, common: string): string | undefined {
  const parts: string[] = [];
  const now = Date.now();
  let racy = false;
  const add = (p: string): boolean => {
    const st = lstatSync(p, { throwIfNoEntry: false });
    if (!st) {
      parts.push(`${p}:-`);
      return false;
    }
    if (now - st.mtimeMs < RACY_MS) racy = true;
    parts.push(`${p}:${st.ino}:${st.size}:${st.mtimeMs}:${st.ctimeMs}`);
    return st.isDirectory();
  };
  const walk = (dir: string): boolean => {
    if (!add(dir)) return true;
    for (const name of readdirSync(dir)) {
      if (parts.length > MAX_KEY_ENTRIES) return false;
      if (!walk(join(dir, name))) return false;
    }
    return true;
  };
  // Every linked worktree's HEAD and reflog too: `--all --reflog` walks them, and revisions such
  // as `worktrees/NAME/HEAD` name them.
  const worktrees = join(common, 'worktrees');
  const linked = existsSync(worktrees) ? readdirSync(worktrees).map((n) => join(worktrees, n)) : [];
  for (const dir of new Set([gitDir, common, ...linked])) {
    for (const name of ['HEAD', 'packed-refs', 'shallow', ...PSEUDO_REFS]) add(join(dir, name));
    if (!walk(join(dir, 'refs')) || !walk(join(dir, 'logs'))) return undefined;
  }
  return racy ? undefined : parts.join('\n');
}

/**
 * `git ARGS` in `root`, its output; a repository without commits has none (empty output).
 * `replaced`: with replace refs applied, as git runs by default.
 */
function runGit(
  root: string,
  args: readonly string[],
  input?: string,
  replaced = false,
): { text: string } | { problem: string } {
  const git = findGit();
  if (!git) return { problem: `no git at ${GIT_CANDIDATES.join(', ')}` };
  const r = spawnSync(
    git,
    // Nothing the repository's config names runs: no pager, no signature check, no fsmonitor,
    // no textconv or external diff.
    [
      '--no-pager',
      // The objects as stored: a replace ref (`refs/replace/S`) otherwise hides S's own tree from
      // the listing, while `--no-replace-objects show S` prints it. The replacements are refs
      // themselves, so `--all` lists them too.
      ...(replaced ? [] : ['--no-replace-objects']),
      '-c',
      'log.showSignature=false',
      '-c',
      'core.fsmonitor=false',
      '-c',
      'diff.external=',
      args[0]!,
      ...(args[0] === 'log' || args[0] === 'diff' ? ['--no-textconv', '--no-ext-diff'] : []),
      ...args.slice(1),
    ],
    {
      cwd: root,
      env: {
        PATH: '/usr/bin:/bin',
        ...(process.env.HOME ? { HOME: process.env.HOME } : {}),
        LC_ALL: 'C',
        GIT_TERMINAL_PROMPT: '0',
        GIT_OPTIONAL_LOCKS: '0',
        GIT_NO_LAZY_FETCH: '1',
      },
      stdio: [input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
      ...(input === undefined ? {} : { input }),
      timeout: TIMEOUT_MS,
      killSignal: 'SIGKILL',
      maxBuffer: MAX_OUTPUT,
    },
  );
  if (r.error) {
    const problem = { problem: `git ${args[0]} did not finish (${r.error.message})` };
    TRANSIENT.add(problem);
    return problem;
  }
  if (r.status !== 0) {
    const why = r.stderr.toString('utf8').trim().split('\n')[0] ?? '';
    // A repository without a commit yet has no history and no HEAD to print from.
    if (
      /does not have any commits yet|bad default revision 'HEAD'|Not a valid object name HEAD|unknown revision/.test(
        why,
      )
    )
      return { text: '' };
    return { problem: `git ${args[0]} failed: ${why.slice(0, 200) || `status ${r.status}`}` };
  }
  return { text: r.stdout.toString('utf8') };
}
