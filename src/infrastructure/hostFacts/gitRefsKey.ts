// What decides which commits a repository's revisions reach, read from its git directory without
// running git: the identity of its refs, reflogs and pseudo-refs (the history facts are kept
// while it holds), its common directory, replace refs, and whether it is a partial clone.
import { existsSync, lstatSync, readdirSync, readFileSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';

/** Ref and reflog files looked at for the cache key; a repository with more is listed every time. */
const MAX_KEY_ENTRIES = 5000;
const RACY_MS = 2000;

/** Whether any replace ref exists in this common git directory (a loose one under refs/replace/, or a packed one). */
export function hasReplaceRefs(common: string): boolean {
  const dir = join(common, 'refs', 'replace');
  if (existsSync(dir) && readdirSync(dir).length) return true;
  try {
    return readFileSync(join(common, 'packed-refs'), 'utf8').includes(' refs/replace/');
  } catch {
    return false;
  }
}

/** A linked worktree's refs live in the main repository's directory (`commondir`). */
export function commonDirOf(gitDir: string): string {
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
export function partialCloneProblem(common: string): string | undefined {
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
export function historyKey(gitDir: string, common: string): string | undefined {
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
