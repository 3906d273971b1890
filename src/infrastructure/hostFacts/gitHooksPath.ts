// Where git looks for hooks in the repository holding a directory: `core.hooksPath` from the
// repository's own config, else from the user's global config (git-config(1): a relative value
// is taken from the work tree's root, `~/` from HOME). Read from the files, no `git` spawned.
// Attack pass 19 (F8): with `core.hooksPath = scripts/git-hooks` a hook written there ran on
// the next `git commit`; only `.git/hooks` and well-known names were protected.
import { readFileSync, statSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';
import type { GitHooksFact } from '../../domain/reviewRequest.js';
import { gitIndexOf } from './gitIndex.js';

/** `core.hooksPath` in one config file's text (the last one wins, as in git), or undefined. */
export function hooksPathIn(text: string): string | undefined {
  return configValues(text).hooksPath;
}

/**
 * A value that carries a credential: a URL whose user part holds a password or a token
 * (`https://x-access-token:ghs_…@github.com/…`, `https://ghp_…@github.com/…`; a plain `git@` is
 * no credential). Usernames this long are tokens in practice.
 */
export function urlHoldsCredential(value: string): boolean {
  const m = /^[A-Za-z][A-Za-z0-9+.-]*:\/\/([^/@\s]+)@/.exec(value.trim());
  if (!m) return false;
  const user = m[1]!;
  return user.includes(':') || user.length >= 20;
}

/** `core.hooksPath` (the last one), every `include.path`/`includeIf.*.path`, and whether it holds a credential. */
function configValues(text: string): { hooksPath?: string; includes: string[]; credential: boolean } {
  const includes: string[] = [];
  // `http.extraHeader` (actions/checkout keeps the job's token there) or a URL with a token in it.
  let credential = false;
  let section = '';
  let value: string | undefined;
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    const head = /^\[\s*([A-Za-z0-9.-]+)(?:\s+"([^"]*)")?\s*\]/.exec(line);
    if (head) {
      section = head[1]!.toLowerCase();
      // `[url "https://TOKEN@github.com/"]`: the name is printed too (`url.https://TOKEN@….insteadof`).
      if (head[2] !== undefined && urlHoldsCredential(head[2])) credential = true;
      continue;
    }
    const kv = /^([A-Za-z][A-Za-z0-9-]*)\s*=\s*(.*)$/.exec(line);
    if (!kv) continue;
    let v = kv[2]!.replace(/\s+[#;].*$/, '').trim();
    if (v.startsWith('"') && v.endsWith('"') && v.length >= 2) v = v.slice(1, -1);
    const key = kv[1]!.toLowerCase();
    if (section === 'core' && key === 'hookspath') value = v;
    if ((section === 'include' || section === 'includeif') && key === 'path' && v !== '') includes.push(v);
    if ((section === 'http' && key === 'extraheader') || urlHoldsCredential(v)) credential = true;
  }
  return { ...(value ? { hooksPath: value } : {}), includes, credential };
}

function read(file: string): string | undefined {
  try {
    // A missing file is the common case (no global config): a stat answers it without the cost
    // of the exception readFileSync would throw.
    if (!statSync(file, { throwIfNoEntry: false })?.isFile()) return undefined;
    return readFileSync(file, 'utf8').slice(0, 256 * 1024);
  } catch {
    return undefined;
  }
}

/** A lookup for one review: each file is read at most once, the global config only when needed. */
export function gitHooksOf(home: string): (absDir: string) => GitHooksFact | undefined {
  let global: string | undefined | null = null;
  const globalValue = (): string | undefined => {
    if (global === null)
      global = [join(home, '.gitconfig'), join(home, '.config', 'git', 'config')]
        .map(read)
        .map((t) => (t === undefined ? undefined : hooksPathIn(t)))
        .filter((v): v is string => v !== undefined)
        .at(-1);
    return global;
  };
  const byDir = new Map<string, GitHooksFact | undefined>();
  return (absDir) => {
    if (byDir.has(absDir)) return byDir.get(absDir);
    let found: GitHooksFact | undefined;
    const repo = gitIndexOf(absDir);
    if (repo) {
      const gitDir = join(repo.root, '.git');
      const local = read(join(gitDir, 'config'));
      const values = local === undefined ? { includes: [], credential: false } : configValues(local);
      // A linked worktree's or a submodule's `.git` is a file naming its git directory, whose
      // config (or its common directory's) is the one git reads (attack pass 21, F3/F4).
      const configFile = repoConfigFile(repo.root);
      const credential = configFile === join(gitDir, 'config') ? values.credential : credentialIn(read(configFile));
      const value = values.hooksPath ?? globalValue();
      const tilde = (v: string): string => (v === '~' || v.startsWith('~/') ? join(home, v.slice(1)) : v);
      const hooks = value === undefined ? undefined : tilde(value);
      found = {
        root: repo.root,
        ...(hooks !== undefined ? { hooksDir: isAbsolute(hooks) ? resolve(hooks) : resolve(repo.root, hooks) } : {}),
        // An included file is relative to the file including it (`.git/`).
        includes: values.includes.map(tilde).map((v) => (isAbsolute(v) ? resolve(v) : resolve(gitDir, v))),
        ...(credential ? { configCredential: true as const } : {}),
      };
    }
    byDir.set(absDir, found);
    return found;
  };
}

const credentialIn = (text: string | undefined): boolean => text !== undefined && configValues(text).credential;

/** The config file git reads for the work tree at `root`: `.git/config`, or where a `.git` file and `commondir` lead. */
function repoConfigFile(root: string): string {
  const dotGit = join(root, '.git');
  let gitDir = dotGit;
  try {
    if (statSync(dotGit, { throwIfNoEntry: false })?.isFile()) {
      const named = /^gitdir:\s*(.+)$/m.exec(readFileSync(dotGit, 'utf8'))?.[1]?.trim();
      if (named) gitDir = resolve(root, named);
    }
    const common = read(join(gitDir, 'commondir'))?.trim();
    if (common) gitDir = resolve(gitDir, common);
  } catch {
    // unreadable: the default place, as git would fail there too
  }
  return join(gitDir, 'config');
}

/**
 * A lookup for one review: whether a git config file holds a credential (any repository's,
 * a submodule's under `.git/modules/`, a worktree's `config.worktree`). Each file is read once.
 */
export function gitConfigCredentialReader(): (absFile: string) => boolean {
  const seen = new Map<string, boolean>();
  return (absFile) => {
    let found = seen.get(absFile);
    if (found === undefined) {
      found = credentialIn(read(absFile));
      seen.set(absFile, found);
    }
    return found;
  };
}
