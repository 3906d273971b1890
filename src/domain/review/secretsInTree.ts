/**
 * A recursive search prints what it finds: `grep -rn API_KEY .` in a project with a `.env`
 * prints the key, although `cat .env` is refused. Secret *names* (`.env`, `id_rsa`, `*.pem`)
 * may sit anywhere, so the tree is listed (bounded, through HostFacts) and every file in it is
 * judged as a read. `rm -r`/`cp -r` of such a tree are not affected: they print nothing.
 */
import type { PathArg } from '../paths/judgePaths.js';
import { judgePaths } from '../paths/judgePaths.js';
import { absolutize, expandTilde } from '../paths/posixPath.js';
import type { Verdict } from '../verdict.js';
import type { ReviewState } from './reviewState.js';
import { grepIsRecursive } from '../policy/pathArgs.js';
import { isLongFlag } from '../policy/argView.js';
import { optionValuesOf } from '../policy/longOption.js';
import { globSegmentSource } from '../paths/pathGlob.js';
import { pathContext } from './reviewState.js';

const PRINTS_MATCHES = new Set(['grep', 'egrep', 'fgrep', 'zgrep']);
const RECURSIVE_BY_DEFAULT = new Set(['rg', 'ag']);
/** Entries visited per tree: a few milliseconds on a large checkout. */
export const TREE_WALK_LIMIT = 5000;

/** A grep `--include`/`--exclude` glob as a matcher of base names. */
function globRegExp(glob: string): RegExp {
  try {
    return new RegExp(`^${globSegmentSource(glob)}$`);
  } catch {
    return /^/; // an odd bracket expression: read as matching every name (the stricter reading for --include)
  }
}

/** Which base names grep would search, from its `--include`/`--exclude` options. */
function nameFilter(args: readonly string[]): (base: string) => boolean {
  const include = optionValuesOf(args, ['--include'], [], GREP_LONGS).map(globRegExp);
  const exclude = optionValuesOf(args, ['--exclude'], [], GREP_LONGS).map(globRegExp).filter((r) => r.source !== '^');
  return (base) => (include.length === 0 || include.some((r) => r.test(base))) && !exclude.some((r) => r.test(base));
}
const GREP_LONGS = ['--include', '--exclude', '--exclude-dir', '--exclude-from'];

/**
 * `rg --hidden`/`-.`/`-uu` (the `u`s may be spread over words: `-u -u`), `ag --hidden`/`-u`, and
 * `--unrestricted`; long names abbreviated too. Erring strict: a prefix counts, and so does a
 * `.` or `u` anywhere in a letter cluster.
 */
function searchesHidden(name: string, args: readonly string[]): boolean {
  let us = 0;
  for (const a of args) {
    if (a === '--') break;
    if (a.startsWith('--')) {
      // One `--unrestricted` is one `-u` to ripgrep; it is counted as hidden here anyway (as before).
      if (isLongFlag(a, '--hidden') || isLongFlag(a, '--unrestricted')) return true;
      continue;
    }
    if (!/^-[A-Za-z0-9.]+$/.test(a)) continue;
    if (a.includes('.')) return true;
    us += a.split('u').length - 1;
  }
  return us >= (name === 'ag' ? 1 : 2);
}

export function secretsInTreeVerdict(name: string, args: readonly string[], pathArgs: readonly PathArg[], state: ReviewState): Verdict | undefined {
  const list = state.facts.filesUnder;
  if (!list) return undefined;
  const grep = PRINTS_MATCHES.has(name) && grepIsRecursive(args);
  // ripgrep and ag search recursively by default and skip hidden files unless told otherwise;
  // their ignore files are not read here, so an ignored secret still counts (the stricter reading).
  const ripgrep = RECURSIVE_BY_DEFAULT.has(name);
  if (!grep && !ripgrep) return undefined;
  const hidden = !ripgrep || searchesHidden(name, args);
  const roots = pathArgs.filter((p) => p.access === 'read' && p.recursive).map((p) => p.raw);
  // `grep -r PATTERN` and `rg PATTERN` with no file search the working directory.
  if (roots.length === 0) roots.push('.');
  const searched = nameFilter(args);
  const files: PathArg[] = [];
  for (const raw of roots) {
    const dir = absolutize(expandTilde(raw, state.facts.home), state.cwd);
    for (const f of list.call(state.facts, dir, TREE_WALK_LIMIT).files) {
      if (!hidden && f.slice(dir.length).split('/').some((seg) => seg.startsWith('.'))) continue;
      if (searched(f.slice(f.lastIndexOf('/') + 1))) files.push({ raw: f, access: 'read' });
    }
  }
  if (!files.length) return undefined;
  const v = judgePaths(files, pathContext(state)).verdict;
  return v.decision === 'allow' ? undefined : v;
}
