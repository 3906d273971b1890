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
 * `*` and `?` stay within one path segment, `**` spans any number of segments (zero included,
 * so `~/.ssh/**` also matches `~/.ssh` itself). A pattern without `/` matches the last segment
 * of any path. Patterns must already be absolute (or slash-free).
 */
export function compileGlob(pattern: string): CompiledGlob {
  const anywhere = !pattern.includes('/');
  const segments = (anywhere ? ['**', pattern] : pattern.split('/').filter((s) => s !== '')).map((s) => s);
  let body = '';
  for (let i = 0; i < segments.length; i++) {
    const seg = segments[i]!;
    const last = i === segments.length - 1;
    if (seg === '**') body += last ? '(?:/.*)?' : '(?:/[^/]+)*';
    else body += '/' + globSegmentSource(seg);
  }
  const firstWild = segments.findIndex((s) => /[*?[]/.test(s));
  const literal = firstWild < 0 ? segments : segments.slice(0, firstWild);
  return {
    pattern,
    regex: new RegExp(`^${body === '' ? '/' : body}$`),
    literalPrefix: '/' + literal.join('/'),
    anywhere,
    ...(anywhere ? { nameRegex: new RegExp(`^${globSegmentSource(pattern)}$`) } : {}),
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
