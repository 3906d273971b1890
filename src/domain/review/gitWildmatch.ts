/**
 * git's wildmatch (wildmatch.c) as a regular-expression source, for the two readers of a
 * pathspec: the tree check (gitPathspecs.ts) and the tracked-secrets matcher
 * (gitPathspecMatch.ts). `pathname`: FNM_PATHNAME (`glob` magic), where `*` and `?` stay within
 * one segment and `**` spans segments; without it `*` crosses `/`. Undefined for a pattern git
 * would not read the same way (an unclosed `[`, a POSIX class).
 */
export function wildmatchSource(glob: string, pathname: boolean): string | undefined {
  let src = '';
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i]!;
    if (c === '*') {
      if (pathname && glob[i + 1] === '*') {
        // `**/` any leading directories, `/**` everything below, elsewhere like `*`.
        const slashAfter = glob[i + 2] === '/';
        i++;
        if (slashAfter) {
          src += '(?:.*/)?';
          i++;
        } else src += '.*';
      } else src += pathname ? '[^/]*' : '.*';
    } else if (c === '?') src += pathname ? '[^/]' : '.';
    else if (c === '\\' && i + 1 < glob.length) src += `\\${glob[++i]!}`;
    else if (c === '[') {
      const end = glob.indexOf(']', i + 2);
      if (end < 0) return undefined;
      // A POSIX class (`[[:punct:]]`), equivalence class or collating symbol ends at a later `]`
      // than the first: read wrongly, `[[:punct:]]env` missed `.env`. Not translated: the callers
      // then ask or select everything.
      if (/\[[:=.]/.test(glob.slice(i + 1, end + 1))) return undefined;
      const body = glob
        .slice(i + 1, end)
        .replace(/^!/, '^')
        .replace(/\\/g, '\\\\');
      src += `[${body}]`;
      i = end;
    } else src += c.replace(/[.+^${}()|\]\\/]/g, '\\$&');
  }
  return src;
}

/** `^SOURCE SUFFIX$` compiled, or undefined when the pattern or the expression cannot be read. */
export function wildmatchRegExp(glob: string, pathname: boolean, suffix: string, flags: string): RegExp | undefined {
  const src = wildmatchSource(glob, pathname);
  if (src === undefined) return undefined;
  try {
    return new RegExp(`^${src}${suffix}$`, flags);
  } catch {
    return undefined;
  }
}
