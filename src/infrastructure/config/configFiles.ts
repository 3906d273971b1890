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
function projectWalk(cwd: string, home: string, findRepos: boolean): { dirs: string[]; repos: number[] } {
  const dirs: string[] = [];
  const repos: number[] = [];
  // Normalised, so `HOME=/root/` or a cwd spelled with `..` cannot slip past the stop.
  home = resolve(home);
  let dir = resolve(cwd);
  for (let level = 0; level < MAX_LEVELS; level++) {
    if (endsProjectSearch(dir, home)) break;
    const parent = dirname(dir);
    if (isDirectory(dir)) {
      if (findRepos && exists(join(dir, '.git'))) repos.push(dirs.length);
      dirs.push(dir);
    }
    dir = parent;
  }
  return { dirs, repos };
}

/**
 * The directories searched for project files, nearest first: every directory from `cwd` upwards
 * below the home directory or `/` (those two are never searched). Repositories do not end it: a
 * nested one (`git init sub`, a submodule, a vendored clone) would cut off the outer project's
 * stricter file (attack pass 16, P16-08), a folder of repositories may hold one file for all of
 * them, and a bare `git init` in a protected directory would switch its project's file off for
 * the next command (attack pass 20, F4/F5). Project files only tighten, so a file above a
 * repository applying inside it loosens nothing.
 */
export function projectSearchDirs(cwd: string, home: string): string[] {
  return projectWalk(cwd, home, false).dirs;
}

/**
 * The repository root holding `cwd` (the nearest directory upwards with `.git`, never the home
 * directory or `/`), else `cwd` itself: where a project-scope approval applies. The nearest, so
 * an approval given inside a nested repository does not reach the project around it.
 */
export function projectRoot(cwd: string, home: string): string {
  const { dirs, repos } = projectWalk(cwd, home, true);
  return repos.length > 0 ? dirs[repos[0]!]! : resolve(cwd);
}
