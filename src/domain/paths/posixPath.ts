// Pure POSIX path arithmetic. The domain may not import `node:path`, and lexical rules must be
// explicit here anyway: the kernel, not this code, decides what `..` after a symlink means.

const ALREADY_ABNORMAL = /\/(?:\.{1,2})?(?:\/|$)/;

/** Collapses `//`, `.` and `..` lexically. Absolute input stays absolute and never climbs above `/`. */
export function normalizePosix(path: string): string {
  // Hot path: most absolute paths are already normal (no `//`, `/./`, `/../`, trailing `/`).
  if (path === '/') return path;
  if (path.startsWith('/') && path.length > 1 && !ALREADY_ABNORMAL.test(path)) return path;
  const absolute = path.startsWith('/');
  const out: string[] = [];
  for (const seg of path.split('/')) {
    if (seg === '' || seg === '.') continue;
    if (seg === '..') {
      if (out.length > 0 && out[out.length - 1] !== '..') out.pop();
      else if (!absolute) out.push('..');
      continue;
    }
    out.push(seg);
  }
  const body = out.join('/');
  if (absolute) return '/' + body;
  return body === '' ? '.' : body;
}

/** `~` and `~/x` become the home directory; `~user` is refused upstream and left alone here. */
export function expandTilde(path: string, home: string): string {
  if (path === '~') return home;
  if (path.startsWith('~/')) return home.replace(/\/+$/, '') + path.slice(1);
  return path;
}

/** Absolute, lexically normalised path of `path` seen from `cwd`. */
export function absolutize(path: string, cwd: string): string {
  return normalizePosix(path.startsWith('/') ? path : `${cwd}/${path}`);
}

export function dirnamePosix(absPath: string): string {
  if (absPath === '/') return '/';
  const i = absPath.lastIndexOf('/');
  return i <= 0 ? '/' : absPath.slice(0, i);
}

export function basenamePosix(absPath: string): string {
  const i = absPath.lastIndexOf('/');
  return absPath.slice(i + 1);
}

/** True when `inner` is `outer` or lies below it (both absolute and normalised). */
export function isWithin(inner: string, outer: string): boolean {
  if (outer === '/') return true;
  return inner === outer || inner.startsWith(outer + '/');
}

/** True when `ancestor` is a strict parent directory of `path`. */
export function isStrictAncestor(ancestor: string, path: string): boolean {
  return ancestor !== path && isWithin(path, ancestor);
}

/** Where a path leads, or why that cannot be known at review time (placePhysically). */
export interface Placement {
  /** Absolute; under /proc or /dev as spelled (processPaths.ts maps those), otherwise normalised. */
  path: string;
  /** Set when the path cannot be placed: it is judged unknown (asked), never as `path`. */
  unplaceable?: string;
}

const DOT_DOT = /(?:^|\/)\.\.(?:\/|$)/;
const PROCESS_PREFIX = /^\/(?:proc|dev)(?:\/|$)/;

/** Under /proc or /dev: a path whose meaning may depend on the process (paths/processPaths.ts maps it). */
export function isUnderProcOrDev(path: string): boolean {
  return PROCESS_PREFIX.test(path);
}
const UNPLACEABLE =
  'a `..` follows a component that does not exist yet (or a link to one): where it leads depends on what that becomes';

/**
 * A host answer, settled: a /proc or /dev path is kept as spelled (`..` included) for the
 * process-path model; one that still holds a `..` is one the host could not place (the host
 * facts keep the `..` after a missing component, infrastructure/hostFacts/physicalPath.ts).
 */
function settle(answer: string): Placement {
  if (isUnderProcOrDev(answer)) return { path: answer };
  if (DOT_DOT.test(answer)) return { path: normalizePosix(answer), unplaceable: UNPLACEABLE };
  return { path: normalizePosix(answer) };
}

/**
 * Places an absolute path the way the kernel walks it: each `..` applies to the physical
 * (symlink-resolved) directory reached so far, so `link/../x` is judged where it really lands.
 * `realpath` must resolve the longest existing prefix and append the rest. A `..` after a
 * component that does not exist (`exists` says so) cannot be placed: `Q/../x` leads elsewhere
 * once `Q` is made a link, by this command or one running beside it (attack pass 16).
 */
export function placePhysically(
  absPath: string,
  realpath: (p: string) => string,
  exists?: (p: string) => boolean,
): Placement {
  if (!absPath.includes('..')) return settle(realpath(normalizePosix(absPath)));
  const segments = absPath.split('/').filter((s) => s !== '' && s !== '.');
  if (!segments.includes('..')) return settle(realpath(normalizePosix(absPath)));
  let current = '/';
  for (let i = 0; i < segments.length; i++) {
    const seg = segments[i]!;
    if (seg === '..') {
      if (exists && current !== '/' && !exists(current))
        return { path: normalizePosix(absPath), unplaceable: UNPLACEABLE };
      current = dirnamePosix(current);
      continue;
    }
    const placed = settle(realpath(current === '/' ? `/${seg}` : `${current}/${seg}`));
    const rest = segments.slice(i + 1);
    if (placed.unplaceable) return { path: normalizePosix(absPath), unplaceable: placed.unplaceable };
    if (isUnderProcOrDev(placed.path)) return { path: rest.length ? `${placed.path}/${rest.join('/')}` : placed.path };
    current = placed.path;
  }
  return { path: current };
}

/** placePhysically's path, for callers that judge an unplaceable path by its spelling. */
export function resolvePhysically(absPath: string, realpath: (p: string) => string): string {
  return placePhysically(absPath, realpath).path;
}
