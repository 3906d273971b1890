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

/**
 * Resolves an absolute path the way the kernel walks it: each `..` applies to the physical
 * (symlink-resolved) directory reached so far, so `link/../x` is judged where it really lands.
 * `realpath` must resolve the longest existing prefix and append the rest.
 */
export function resolvePhysically(absPath: string, realpath: (p: string) => string): string {
  if (!absPath.includes('..')) return normalizePosix(realpath(normalizePosix(absPath)));
  const segments = absPath.split('/').filter((s) => s !== '' && s !== '.');
  if (!segments.includes('..')) return normalizePosix(realpath(normalizePosix(absPath)));
  let current = '/';
  for (const seg of segments) {
    if (seg === '..') current = dirnamePosix(current);
    else current = normalizePosix(realpath(current === '/' ? `/${seg}` : `${current}/${seg}`));
  }
  return current;
}
