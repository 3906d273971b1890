import { statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

/** The user's file lives in the config dir; data formats only, so the file stays machine-editable (approve-always writes rules there). */
export const USER_CONFIG_FILES = ['config.json', 'config.yaml', 'config.yml'] as const;

// The project names live in the domain (the path review protects them too); re-exported for the loaders.
export { PROJECT_CONFIG_FILES, REFUSED_PROJECT_FILES } from '../../domain/projectConfigFiles.js';

/** A config bigger than this is refused unread (a project could otherwise stall every command). */
export const MAX_CONFIG_BYTES = 1024 * 1024;

export type Probe =
  | { kind: 'absent' }
  | { kind: 'file'; path: string }
  | { kind: 'unreadable'; path: string; message: string };

/**
 * Looks at one path without reading it. Anything but a regular file of sane size is `unreadable`:
 * a FIFO would block the read forever, a directory or device is not a config.
 */
export function probe(path: string): Probe {
  let st;
  try {
    st = statSync(path, { throwIfNoEntry: false });
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOTDIR') return { kind: 'absent' };
    return { kind: 'unreadable', path, message: `cannot stat: ${code ?? String(err)}` };
  }
  if (!st) return { kind: 'absent' };
  if (st.isDirectory()) return { kind: 'unreadable', path, message: 'is a directory, expected a file' };
  if (st.isFIFO()) return { kind: 'unreadable', path, message: 'is a FIFO, expected a regular file' };
  if (!st.isFile()) return { kind: 'unreadable', path, message: 'is not a regular file' };
  if (st.size > MAX_CONFIG_BYTES)
    return { kind: 'unreadable', path, message: `is ${st.size} bytes, more than the ${MAX_CONFIG_BYTES} accepted` };
  return { kind: 'file', path };
}

function isDirectory(path: string): boolean {
  try {
    return statSync(path, { throwIfNoEntry: false })?.isDirectory() ?? false;
  } catch {
    return false;
  }
}

function exists(path: string): boolean {
  try {
    return statSync(path, { throwIfNoEntry: false }) !== undefined;
  } catch {
    return false;
  }
}

/** How many directories a project search climbs at most. */
export const MAX_LEVELS = 64;

/** Where every project search ends: the home directory and `/` are never searched (both normalised). */
export const endsProjectSearch = (dir: string, home: string): boolean => dir === home || dirname(dir) === dir;

/**
 * The walk from `cwd` upwards: every existing directory below the home directory and `/` (which
 * are never searched and end the walk), nearest first, and which of them hold `.git`.
 */
function projectWalk(cwd: string, home: string): { dirs: string[]; repos: number[] } {
  const dirs: string[] = [];
  const repos: number[] = [];
  // Normalised, so `HOME=/root/` or a cwd spelled with `..` cannot slip past the stop.
  home = resolve(home);
  let dir = resolve(cwd);
  for (let level = 0; level < MAX_LEVELS; level++) {
    if (endsProjectSearch(dir, home)) break;
    const parent = dirname(dir);
    if (isDirectory(dir)) {
      if (exists(join(dir, '.git'))) repos.push(dirs.length);
      dirs.push(dir);
    }
    dir = parent;
  }
  return { dirs, repos };
}

/**
 * The directories searched for project files, nearest first: from `cwd` upwards, ending at the
 * outermost directory holding `.git` (the project root), or at the home directory or `/` when
 * none does (those two are never searched). The outermost, not the first: a repository nested in
 * another (`git init sub`, a submodule, a vendored clone) would otherwise end the search inside
 * the outer project, and the outer project's stricter file would stop applying to `../secrets`
 * from there (attack pass 16, P16-08). Project files only tighten, so the outer one applying
 * inside the nested repository loosens nothing.
 */
export function projectSearchDirs(cwd: string, home: string): string[] {
  return projectSearch(cwd, home).search;
}

/**
 * projectSearchDirs, and the directories above the project root up to the home directory or `/`:
 * where a new `.git` would widen the search (the resident process's config fingerprint stamps them).
 */
export function projectSearch(cwd: string, home: string): { search: string[]; above: string[] } {
  const { dirs, repos } = projectWalk(cwd, home);
  if (repos.length === 0) return { search: dirs, above: [] };
  const end = repos.at(-1)! + 1;
  return { search: dirs.slice(0, end), above: dirs.slice(end) };
}

/**
 * The repository root holding `cwd` (the nearest directory upwards with `.git`, never the home
 * directory or `/`), else `cwd` itself: where a project-scope approval applies. The nearest, so
 * an approval given inside a nested repository does not reach the project around it.
 */
export function projectRoot(cwd: string, home: string): string {
  const { dirs, repos } = projectWalk(cwd, home);
  return repos.length > 0 ? dirs[repos[0]!]! : resolve(cwd);
}
