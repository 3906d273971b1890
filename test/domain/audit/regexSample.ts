// A random string a regex matches, for the per-rule samples of the vendored gitleaks rules
// (issue 14). Covers what those rules use: literals, escapes, classes, groups, alternation,
// greedy and lazy quantifiers; anchors, \b and lookarounds produce nothing (the caller checks
// that the sample really matches, and retries). Not a general generator.

export type Rand = (n: number) => number;

/** A seeded PRNG (mulberry32): `rand(n)` is an integer in [0, n). */
export function seeded(seed: number): Rand {
  let a = seed >>> 0;
  return (n) => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * n);
  };
}

const PRINTABLE = Array.from({ length: 95 }, (_, i) => String.fromCharCode(32 + i)).join('');
const WORD = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_';
const DIGIT = '0123456789';
const SPACE = ' ';
/** Extra repeats drawn for `*`, `+` and `{n,}`. */
const OPEN_MAX = 24;

type Node =
  | { t: 'chars'; set: string }
  | { t: 'seq'; items: Node[] }
  | { t: 'alt'; options: Node[] }
  | { t: 'rep'; node: Node; min: number; max: number }
  | { t: 'empty' };

export function sampleOf(source: string, rand: Rand): string {
  const p = { s: source, i: 0 };
  const node = parseAlt(p);
  return emit(node, rand);
}

function emit(n: Node, rand: Rand): string {
  switch (n.t) {
    case 'chars':
      return n.set[rand(n.set.length)] ?? '';
    case 'seq':
      return n.items.map((x) => emit(x, rand)).join('');
    case 'alt':
      return emit(n.options[rand(n.options.length)]!, rand);
    case 'rep': {
      const hi = Math.min(n.max, n.min + OPEN_MAX);
      const k = n.min + rand(hi - n.min + 1);
      let s = '';
      for (let i = 0; i < k; i++) s += emit(n.node, rand);
      return s;
    }
    case 'empty':
      return '';
  }
}

interface P {
  s: string;
  i: number;
}

function parseAlt(p: P): Node {
  const options = [parseSeq(p)];
  while (p.s[p.i] === '|') {
    p.i++;
    options.push(parseSeq(p));
  }
  return options.length === 1 ? options[0]! : { t: 'alt', options };
}

function parseSeq(p: P): Node {
  const items: Node[] = [];
  while (p.i < p.s.length && p.s[p.i] !== '|' && p.s[p.i] !== ')') {
    let atom = parseAtom(p);
    atom = parseQuant(p, atom);
    items.push(atom);
  }
  return { t: 'seq', items };
}

function parseQuant(p: P, atom: Node): Node {
  for (;;) {
    const c = p.s[p.i];
    let min: number, max: number;
    if (c === '?') {
      min = 0;
      max = 1;
      p.i++;
    } else if (c === '*') {
      min = 0;
      max = Infinity;
      p.i++;
    } else if (c === '+') {
      min = 1;
      max = Infinity;
      p.i++;
    } else if (c === '{' && /^\{\d+(,\d*)?\}/.test(p.s.slice(p.i))) {
      const m = /^\{(\d+)(,(\d*))?\}/.exec(p.s.slice(p.i))!;
      min = Number(m[1]);
      max = m[2] === undefined ? min : m[3] === '' ? Infinity : Number(m[3]);
      p.i += m[0].length;
    } else return atom;
    if (p.s[p.i] === '?') p.i++; // lazy: the same strings
    atom = { t: 'rep', node: atom, min, max };
  }
}

function parseAtom(p: P): Node {
  const c = p.s[p.i++]!;
  if (c === '(') {
    let look = false;
    if (p.s[p.i] === '?') {
      const m = /^\?(?::|=|!|<=|<!|<\w+>)/.exec(p.s.slice(p.i))!;
      if (!m) throw new Error(`group at ${p.i} of ${p.s}`);
      look = /^\?(?:=|!|<=|<!)$/.test(m[0]);
      p.i += m[0].length;
    }
    const inner = parseAlt(p);
    if (p.s[p.i++] !== ')') throw new Error(`unclosed group in ${p.s}`);
    return look ? { t: 'empty' } : inner;
  }
  if (c === '[') return { t: 'chars', set: parseClass(p) };
  if (c === '^' || c === '$') return { t: 'empty' };
  if (c === '.') return { t: 'chars', set: WORD };
  if (c === '\\') return escape(p, false);
  return { t: 'chars', set: c };
}

function escape(p: P, inClass: boolean): Node {
  const c = p.s[p.i++]!;
  if (c === 'w') return { t: 'chars', set: WORD };
  if (c === 'd') return { t: 'chars', set: DIGIT };
  if (c === 's') return { t: 'chars', set: SPACE };
  if (c === 'S') return { t: 'chars', set: WORD };
  if (c === 'W' || c === 'D') return { t: 'chars', set: '-' };
  if (c === 'b' && !inClass) return { t: 'empty' };
  if (c === 'B') return { t: 'empty' };
  if (c === 'n') return { t: 'chars', set: '\n' };
  if (c === 'r') return { t: 'chars', set: '\r' };
  if (c === 't') return { t: 'chars', set: '\t' };
  if (c === 'x') {
    const h = p.s.slice(p.i, p.i + 2);
    p.i += 2;
    return { t: 'chars', set: String.fromCharCode(parseInt(h, 16)) };
  }
  return { t: 'chars', set: c };
}

function parseClass(p: P): string {
  let negate = false;
  if (p.s[p.i] === '^') {
    negate = true;
    p.i++;
  }
  let set = '';
  let first = true;
  while (p.i < p.s.length && (p.s[p.i] !== ']' || first)) {
    first = false;
    let lo: string;
    if (p.s[p.i] === '\\') {
      p.i++;
      const e = escape(p, true) as { set: string };
      if (e.set.length !== 1) {
        set += e.set;
        continue;
      }
      lo = e.set;
    } else lo = p.s[p.i++]!;
    if (p.s[p.i] === '-' && p.s[p.i + 1] !== ']' && p.i + 1 < p.s.length) {
      p.i++;
      let hi: string;
      if (p.s[p.i] === '\\') {
        p.i++;
        hi = (escape(p, true) as { set: string }).set;
      } else hi = p.s[p.i++]!;
      for (let x = lo.charCodeAt(0); x <= hi.charCodeAt(0); x++) set += String.fromCharCode(x);
    } else set += lo;
  }
  p.i++; // ]
  if (negate) return [...PRINTABLE].filter((ch) => !set.includes(ch) && ch !== ' ').join('') || 'x';
  // A blank in a class is a separator the secret should not need: prefer the others.
  return set.replace(/[\s]/g, '') || set;
}
