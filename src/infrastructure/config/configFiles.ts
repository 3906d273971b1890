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

const MAX_LEVELS = 64;

/**
 * The directories searched for project files, nearest first: from `cwd` upwards, ending at the
 * first directory holding `.git` (the project root). The home directory and `/` are never
 * searched and end the walk, so the search never wanders into shared places.
 */
export function projectSearchDirs(cwd: string, home: string): string[] {
  const dirs: string[] = [];
  // Normalised, so `HOME=/root/` or a cwd spelled with `..` cannot slip past the stop.
  home = resolve(home);
  let dir = resolve(cwd);
  for (let level = 0; level < MAX_LEVELS; level++) {
    const parent = dirname(dir);
    if (dir === home || parent === dir) break;
    if (isDirectory(dir)) {
      dirs.push(dir);
      if (exists(join(dir, '.git'))) break;
    }
    dir = parent;
  }
  return dirs;
}

/**
 * The repository root holding `cwd` (the first directory upwards with `.git`, never the home
 * directory or `/`), else `cwd` itself: where a project-scope approval applies.
 */
export function projectRoot(cwd: string, home: string): string {
  const dirs = projectSearchDirs(cwd, home);
  const last = dirs[dirs.length - 1];
  return last !== undefined && exists(join(last, '.git')) ? last : resolve(cwd);
}
