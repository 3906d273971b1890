/**
 * One pathname component of a glob, matched as bash matches it with its default options:
 * `*`, `?`, `[…]` (`!`/`^` negation, ranges by code point as with bash's default globasciiranges),
 * no extglob. A leading `.` of a name must be matched by a literal `.` (no dotglob). Character
 * classes (`[[:alpha:]]`) and quoted characters inside brackets are refused, not guessed.
 */
export interface PatChar {
  c: string;
  quoted: boolean;
}

type Token =
  | { t: 'lit'; c: string }
  | { t: 'any' }
  | { t: 'star' }
  | { t: 'set'; neg: boolean; ranges: Array<[number, number]> };

export type Compiled = { ok: true; tokens: Token[]; glob: boolean } | { ok: false; detail: string };

export function compileSegment(seg: readonly PatChar[]): Compiled {
  const tokens: Token[] = [];
  let glob = false;
  for (let i = 0; i < seg.length; i++) {
    const { c, quoted } = seg[i]!;
    if (quoted || (c !== '*' && c !== '?' && c !== '[')) {
      tokens.push({ t: 'lit', c });
      continue;
    }
    if (c === '*') {
      if (tokens[tokens.length - 1]?.t !== 'star') tokens.push({ t: 'star' });
      glob = true;
      continue;
    }
    if (c === '?') {
      tokens.push({ t: 'any' });
      glob = true;
      continue;
    }
    const set = readBracket(seg, i);
    if (set === 'literal') {
      tokens.push({ t: 'lit', c });
      continue;
    }
    if (typeof set === 'string') return { ok: false, detail: set };
    tokens.push(set.token);
    glob = true;
    i = set.end;
  }
  return { ok: true, tokens, glob };
}

/** `[` at `at`: the bracket expression up to its `]`, `literal` when there is none (bash then matches `[` itself). */
function readBracket(seg: readonly PatChar[], at: number): { token: Token; end: number } | 'literal' | string {
  let i = at + 1;
  let neg = false;
  if (seg[i] && !seg[i]!.quoted && (seg[i]!.c === '!' || seg[i]!.c === '^')) {
    neg = true;
    i++;
  }
  const members: string[] = [];
  const start = i;
  for (; i < seg.length; i++) {
    const p = seg[i]!;
    if (p.c === ']' && !p.quoted && i > start) break;
    if (p.quoted) return 'a quoted character inside [...]';
    if (p.c === '[' && /[:.=]/.test(seg[i + 1]?.c ?? '')) return 'a character class inside [...]';
    members.push(p.c);
  }
  if (i >= seg.length) return 'literal';
  const ranges: Array<[number, number]> = [];
  for (let k = 0; k < members.length; k++) {
    const lo = members[k]!.codePointAt(0)!;
    if (members[k + 1] === '-' && k + 2 < members.length) {
      ranges.push([lo, members[k + 2]!.codePointAt(0)!]);
      k += 2;
    } else ranges.push([lo, lo]);
  }
  return { token: { t: 'set', neg, ranges }, end: i };
}

/** Whether `name` matches the compiled component (leading-dot rule included). */
export function matchName(tokens: readonly Token[], name: string): boolean {
  if (name.startsWith('.') && !(tokens[0]?.t === 'lit' && tokens[0].c === '.')) return false;
  const s = Array.from(name);
  // Iterative wildcard matching with one backtrack point for the last `*`.
  let ti = 0;
  let si = 0;
  let starT = -1;
  let starS = 0;
  while (si < s.length) {
    const tok = tokens[ti];
    if (tok && tok.t === 'star') {
      starT = ti++;
      starS = si;
      continue;
    }
    if (tok && one(tok, s[si]!)) {
      ti++;
      si++;
      continue;
    }
    if (starT < 0) return false;
    ti = starT + 1;
    si = ++starS;
  }
  while (tokens[ti]?.t === 'star') ti++;
  return ti === tokens.length;
}

function one(tok: Token, ch: string): boolean {
  switch (tok.t) {
    case 'lit':
      return tok.c === ch;
    case 'any':
      return true;
    case 'set': {
      const cp = ch.codePointAt(0)!;
      const hit = tok.ranges.some(([lo, hi]) => cp >= lo && cp <= hi);
      return tok.neg ? !hit : hit;
    }
    default:
      return false;
  }
}
