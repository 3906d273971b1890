/**
 * The files curl and wget write under a name taken from the URL (issue 12): `curl -O URL`,
 * `--remote-name-all`, and plain `wget URL` save into the cwd (or `--output-dir`, `-P`) under the
 * URL path's last segment, so `curl -O https://h/.bashrc` run in HOME writes `~/.bashrc`. Those
 * names are judged as writes by the path policy. Names the server chooses (`curl -J`, wget's
 * `--content-disposition`, `--trust-server-names`, recursive retrieval) cannot be seen: asked.
 */
import type { PathArg } from '../paths/judgePaths.js';

/** The URL's path segments, as written, without scheme, host, query and fragment. */
function pathSegments(url: string): { host: string; segments: string[] } {
  const noScheme = url.replace(/^[A-Za-z][A-Za-z0-9+.-]*:\/\//, '');
  const cut = noScheme.search(/[?#]/);
  const main = cut < 0 ? noScheme : noScheme.slice(0, cut);
  const slash = main.indexOf('/');
  if (slash < 0) return { host: main, segments: [] };
  return { host: main.slice(0, slash), segments: main.slice(slash + 1).split('/') };
}

function decoded(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** Every spelling a saved name may take: as written and percent-decoded (wget decodes, curl does not). */
function spellings(name: string): string[] {
  const d = decoded(name);
  // A decoded `/` (`%2F`) does not make a directory: wget escapes it again; read it as written.
  return d !== name && !d.includes('/') ? [name, d] : [name];
}

export interface DownloadFlags {
  /** curl `-O`/`--remote-name`/`--remote-name-all`; wget: always unless `-O`/`--spider`. */
  remoteName: boolean;
  /** wget `-x`/`--force-directories`: `host/path/name`, any suffix of it with `-nH`/`--cut-dirs`. */
  forceDirs: boolean;
  /** `--output-dir DIR` (curl), `-P DIR` (wget). */
  dirs: readonly string[];
}

/** The paths written under URL-derived names, as writes. */
export function downloadPaths(urls: readonly string[], flags: DownloadFlags, fallback: string | undefined): PathArg[] {
  if (!flags.remoteName) return [];
  const out: PathArg[] = [];
  const bases = flags.dirs.length > 0 ? flags.dirs : [''];
  for (const url of urls) {
    const { host, segments } = pathSegments(url);
    const last = segments[segments.length - 1] ?? '';
    const names: string[] = [];
    if (flags.forceDirs) {
      // `-nH` drops the host, `--cut-dirs=N` the first N directories: every suffix is possible.
      const all = [host, ...segments.slice(0, -1), last === '' ? (fallback ?? '') : last].filter((s) => s !== '');
      for (let i = 0; i < all.length; i++) names.push(all.slice(i).join('/'));
    } else if (last !== '') names.push(last);
    else if (fallback !== undefined) names.push(fallback);
    for (const n of names) {
      for (const s of spellings(n)) {
        for (const b of bases) out.push({ raw: b === '' ? s : `${b.replace(/\/+$/, '')}/${s}`, access: 'write' });
      }
    }
  }
  return out;
}
