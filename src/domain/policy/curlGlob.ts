/**
 * curl's URL globbing (curl(1) "URL", tool_urlglob.c), on unless `-g`/`--globoff`: `{a,b}` sets
 * and `[1-3]`, `[a-z]`, `[001-100:2]` ranges fetch one URL per combination, and `#N` in `-o FILE`
 * is replaced by the text the N-th set took. So `-o '#1' 'https://h/{.git/hooks/pre-commit,x}'`
 * writes `.git/hooks/pre-commit`: the written names come from the URL and are judged here by
 * listing every combination. A glob curl would refuse, or one with more combinations than
 * GLOB_LIMIT, cannot be listed (the caller asks).
 */

/** At most this many combinations are listed; each becomes a path the path policy judges. */
export const GLOB_LIMIT = 100;

/** A URL split into literal text and the alternatives of each set or range. */
type Part = { text: string } | { choices: string[] };

/** `[::1]`, `[fe80::1%25eth0]`: an IPv6 host, not a range (curl's peek_ipv6). */
const IPV6 = /^[0-9a-fA-F:.]*:[0-9a-fA-F:.]*(%25[^\]]*)?$/;
const NUMBERS = /^(\d+)-(\d+)(?::(\d+))?$/;
const LETTERS = /^([a-zA-Z])-([a-zA-Z])(?::(\d+))?$/;

function range(body: string): string[] | undefined {
  const n = NUMBERS.exec(body);
  const l = n ? undefined : LETTERS.exec(body);
  const m = n ?? l;
  if (!m) return undefined;
  const step = m[3] === undefined ? 1 : Number(m[3]);
  const from = n ? Number(m[1]) : m[1]!.charCodeAt(0);
  const to = n ? Number(m[2]) : m[2]!.charCodeAt(0);
  if (!(step >= 1) || from > to || !Number.isSafeInteger(to)) return undefined;
  // Listing stops past the limit: the caller only needs to know it is too large.
  const out: string[] = [];
  const width = n && m[1]!.length > 1 && m[1]!.startsWith('0') ? m[1]!.length : 0;
  for (let v = from; v <= to && out.length <= GLOB_LIMIT; v += step)
    out.push(n ? String(v).padStart(width, '0') : String.fromCharCode(v));
  return out;
}

/** The URL's parts, or undefined when curl would refuse the glob (nested or unmatched braces, bad ranges). */
function parse(url: string): Part[] | undefined {
  const parts: Part[] = [];
  let text = '';
  const flush = (): void => {
    if (text) parts.push({ text });
    text = '';
  };
  for (let i = 0; i < url.length; i++) {
    const c = url[i]!;
    if (c === '\\' && '{}[]'.includes(url[i + 1] ?? '')) {
      text += url[++i];
    } else if (c === '{') {
      const choices: string[] = [];
      let item = '';
      let j = i + 1;
      for (; j < url.length; j++) {
        const d = url[j]!;
        if (d === '\\' && j + 1 < url.length) item += url[++j];
        else if (d === '{' || d === '[') return undefined;
        else if (d === ',' || d === '}') {
          choices.push(item);
          item = '';
          if (d === '}') break;
        } else item += d;
      }
      if (j >= url.length) return undefined;
      flush();
      parts.push({ choices });
      i = j;
    } else if (c === '[') {
      const end = url.indexOf(']', i);
      if (end < 0) return undefined;
      const body = url.slice(i + 1, end);
      if (IPV6.test(body)) text += url.slice(i, end + 1);
      else {
        const choices = range(body);
        if (!choices) return undefined;
        flush();
        parts.push({ choices });
      }
      i = end;
    } else if (c === '}' || c === ']') return undefined;
    else text += c;
  }
  flush();
  return parts;
}

export interface GlobExpansion {
  /** Each combination: the URL fetched and the text each set took (`#1` is `values[0]`). */
  combos: { url: string; values: string[] }[];
}

/** Every combination of the URL's globs; `undefined` when curl would refuse it or there are more than GLOB_LIMIT. */
export function expandUrlGlob(url: string): GlobExpansion | undefined {
  // No set or range: the URL is itself (the common case costs one scan).
  if (!/[{}[\]]/.test(url)) return { combos: [{ url, values: [] }] };
  const parts = parse(url);
  if (!parts) return undefined;
  let combos: { url: string; values: string[] }[] = [{ url: '', values: [] }];
  for (const p of parts) {
    if ('text' in p) {
      for (const c of combos) c.url += p.text;
      continue;
    }
    if (combos.length * p.choices.length > GLOB_LIMIT) return undefined;
    combos = combos.flatMap((c) => p.choices.map((v) => ({ url: c.url + v, values: [...c.values, v] })));
  }
  return { combos };
}

/** `-o` FILE with `#N` replaced by the N-th set's text; a `#N` with no such set stays as written (curl). */
export function fillOutputTemplate(template: string, values: readonly string[]): string {
  return template.replace(/#(\d+)/g, (all, n: string) => {
    const i = Number(n);
    return i >= 1 && i <= values.length ? values[i - 1]! : all;
  });
}

/** Whether `-o FILE` uses the glob's text (`#1`). */
export const usesGlobText = (template: string): boolean => /#\d/.test(template);
