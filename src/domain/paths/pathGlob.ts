// A small glob matcher for protected-path patterns. Patterns are data from the user's config,
// so they are compiled to anchored regular expressions with every other character escaped.

export interface CompiledGlob {
  pattern: string;
  /** Matches a whole absolute path. */
  regex: RegExp;
  /** The literal directory part before the first wildcard (for "is a parent of" checks). */
  literalPrefix: string;
  /** No `/`: the pattern names a file anywhere (`.env`, `id_rsa`). */
  anywhere: boolean;
  /** For `anywhere` patterns: matches the last path segment alone. */
  nameRegex?: RegExp;
  /**
   * Matches a directory that could hold a match below it, so a recursive access to it (`cp -r`,
   * `tar -C`, `unzip -d`) reaches the pattern: see containerSource. Absent when no directory
   * qualifies (name-anywhere patterns, a `**` followed by one name).
   */
  container?: RegExp;
  /** The pattern starts with `**`: its container matches a directory by its trailing segments. */
  floating: boolean;
  /**
   * For a located pattern starting with `**` whose next segment is literal (the `.ssh` of the
   * ssh directory pattern): that segment. The pattern and its containers both need a path segment equal to it, so a table can
   * find the pattern by the path's segments instead of testing it against every path.
   */
  floatingKey?: string;
}

const SPECIAL = /[.+^${}()|\\]/;

/**
 * The regular-expression source of one glob segment, read as fnmatch reads it: `*` and `?`
 * never cross `/`, `[!…]` negates, and a `]` right after `[` (or `[!`) is a member, not the end.
 * Shared by the protected-path patterns and grep's `--include`/`--exclude` globs.
 */
export function globSegmentSource(seg: string): string {
  let out = '';
  for (let i = 0; i < seg.length; i++) {
    const c = seg[i]!;
    if (c === '*') out += '[^/]*';
    else if (c === '?') out += '[^/]';
    else if (c === '[') {
      const first = seg[i + 1] === '!' ? i + 2 : i + 1;
      const close = seg.indexOf(']', first + 1);
      if (close > 0) {
        const members = seg.slice(first, close).replace(/\\/g, '\\\\').replace(/\]/g, '\\]');
        out += `[${first === i + 2 ? '^' : ''}${members}]`;
        i = close;
      } else out += '\\[';
    } else out += SPECIAL.test(c) ? `\\${c}` : c;
  }
  return out;
}

/**
 * The directories that could contain a match of `segments` (an absolute pattern split on `/`):
 * those matching a proper prefix of the segment list, segment by segment with the same glob
 * semantics (`/`, `/proc`, `/proc/1` for the process-environment pattern). A `**` inside the
 * pattern makes every directory at or below that point a container. A leading `**` is the
 * exception: it lets the rest of the pattern start in any directory, so a directory qualifies
 * by its trailing segments (`…/.git` and `…/.git/hooks` for the `.git/hooks/**` pattern), and
 * the bare `**` prefix, which would make every directory a container, does not count (as a
 * name-anywhere pattern, `.env`, has no containers: every `rm -r` of a project holding one
 * would be refused).
 */
function containerSource(segments: string[]): string | undefined {
  let start = 0;
  while (start < segments.length && segments[start] === '**') start++;
  const floating = start > 0;
  // Proper prefixes only: the last segment included in any prefix is segments[n - 2], except
  // that a trailing `**` (`~/.ssh/**`) still makes every directory below a container.
  const last = segments.length - 2;
  // The prefixes that go on from segments[j]: nested optional groups, or "anything below" at `**`.
  const from = (j: number): string => {
    if (segments[j] === '**') return '(?:/.*)?';
    if (j > last) return '';
    return `(?:/${globSegmentSource(segments[j]!)}${from(j + 1)})?`;
  };
  if (floating) {
    // At least one segment after the leading `**`, and still a proper prefix.
    if (start > last) return undefined;
    return `^(?:/[^/]+)*/${globSegmentSource(segments[start]!)}${from(start + 1)}$`;
  }
  if (segments.length === 0) return undefined;
  if (last < 0) return '^/$';
  return `^(?:/|/${globSegmentSource(segments[0]!)}${from(1)})$`;
}

/**
 * `*` and `?` stay within one path segment, `**` spans any number of segments (zero included,
 * so `~/.ssh/**` also matches `~/.ssh` itself). A pattern without `/` matches the last segment
 * of any path. Patterns must already be absolute (or slash-free).
 */
export function compileGlob(pattern: string): CompiledGlob {
  const anywhere = !pattern.includes('/');
  // Repeated `**` segments mean one: kept apart, their nested groups backtrack exponentially.
  const segments = (anywhere ? ['**', pattern] : pattern.split('/').filter((s) => s !== '')).filter(
    (s, i, all) => !(s === '**' && all[i - 1] === '**'),
  );
  let body = '';
  for (let i = 0; i < segments.length; i++) {
    const seg = segments[i]!;
    const last = i === segments.length - 1;
    if (seg === '**') body += last ? '(?:/.*)?' : '(?:/[^/]+)*';
    else body += '/' + globSegmentSource(seg);
  }
  const firstWild = segments.findIndex((s) => /[*?[]/.test(s));
  const literal = firstWild < 0 ? segments : segments.slice(0, firstWild);
  const container = anywhere ? undefined : containerSource(segments);
  let start = 0;
  while (segments[start] === '**') start++;
  const key = !anywhere && start > 0 ? segments[start] : undefined;
  const floatingKey = key !== undefined && !/[*?[]/.test(key) ? key : undefined;
  return {
    pattern,
    regex: new RegExp(`^${body === '' ? '/' : body}$`),
    literalPrefix: '/' + literal.join('/'),
    anywhere,
    ...(anywhere ? { nameRegex: new RegExp(`^${globSegmentSource(pattern)}$`) } : {}),
    ...(container !== undefined ? { container: new RegExp(container) } : {}),
    floating: segments[0] === '**',
    ...(floatingKey !== undefined ? { floatingKey } : {}),
  };
}

/**
 * Reviews are on the hot path, so cheap string checks run before the regular expression: a
 * name-anywhere pattern only looks at the last segment, an absolute one only at paths under
 * its literal prefix.
 */
export function globMatches(glob: CompiledGlob, absPath: string): boolean {
  if (glob.anywhere) {
    const name = absPath.slice(absPath.lastIndexOf('/') + 1);
    return glob.nameRegex!.test(name);
  }
  const prefix = glob.literalPrefix;
  if (prefix !== '/' && absPath !== prefix && !absPath.startsWith(prefix + '/')) return false;
  return glob.regex.test(absPath);
}

/**
 * True when `absDir` is a directory that could hold a match below it (see containerSource):
 * a recursive access to it reaches the pattern. A located pattern's containers all lie on the
 * line through its literal prefix (its ancestors, itself, or below it), which is checked first.
 */
export function containerMatches(glob: CompiledGlob, absDir: string): boolean {
  if (!glob.container) return false;
  if (!glob.floating) {
    const prefix = glob.literalPrefix;
    const onLine =
      prefix === '/' ||
      absDir === '/' ||
      absDir === prefix ||
      absDir.startsWith(prefix + '/') ||
      prefix.startsWith(absDir + '/');
    if (!onLine) return false;
  }
  return glob.container.test(absDir);
}
