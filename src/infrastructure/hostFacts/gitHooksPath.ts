// Where git looks for hooks in the repository holding a directory: `core.hooksPath` from the
// repository's own config, else from the user's global config (git-config(1): a relative value
// is taken from the work tree's root, `~/` from HOME). Read from the files, no `git` spawned.
// Attack pass 19 (F8): with `core.hooksPath = scripts/git-hooks` a hook written there ran on
// the next `git commit`; only `.git/hooks` and well-known names were protected.
import { readFileSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';
import type { GitHooksFact } from '../../domain/reviewRequest.js';
import { gitIndexOf } from './gitIndex.js';

/** `core.hooksPath` in one config file's text (the last one wins, as in git), or undefined. */
export function hooksPathIn(text: string): string | undefined {
  let section = '';
  let value: string | undefined;
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    const head = /^\[\s*([A-Za-z0-9.-]+)(?:\s+"[^"]*")?\s*\]/.exec(line);
    if (head) {
      section = head[1]!.toLowerCase();
      continue;
    }
    const kv = /^([A-Za-z][A-Za-z0-9-]*)\s*=\s*(.*)$/.exec(line);
    if (section === 'core' && kv && kv[1]!.toLowerCase() === 'hookspath') {
      let v = kv[2]!.replace(/\s+[#;].*$/, '').trim();
      if (v.startsWith('"') && v.endsWith('"') && v.length >= 2) v = v.slice(1, -1);
      value = v;
    }
  }
  return value === '' ? undefined : value;
}

function read(file: string): string | undefined {
  try {
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
      const local = read(join(repo.root, '.git', 'config'));
      const value = (local === undefined ? undefined : hooksPathIn(local)) ?? globalValue();
      if (value !== undefined) {
        const expanded = value === '~' || value.startsWith('~/') ? join(home, value.slice(1)) : value;
        found = { root: repo.root, hooksDir: isAbsolute(expanded) ? resolve(expanded) : resolve(repo.root, expanded) };
      }
    }
    byDir.set(absDir, found);
    return found;
  };
}
