import { GITLEAKS_GLOBAL_ALLOW, GITLEAKS_RULES } from './gitleaks/rules.js';
import type { VendoredAllow, VendoredRule } from './gitleaks/vendoredRule.js';
import { shannonEntropy } from './entropy.js';

/**
 * gitleaks' maintained rules (vendored as data, ./gitleaks/) run as gitleaks runs them: a rule
 * only on text holding one of its keywords, its secret is the chosen capture group, and a
 * secret at or under the rule's entropy, or allowed by an allowlist, is not one. What is
 * replaced is the secret, not the whole match, so `KEY=` context around it stays readable.
 */
interface Compiled {
  rule: VendoredRule;
  /** Global, no `d`: group indices cost on every exec, so `withIndices` re-reads a match only. */
  re: RegExp;
  withIndices: RegExp;
  /** stopwords: one alternation (1,500 `includes` per generic-api-key match cost ~30 µs). */
  allow: { target: string; and: boolean; regexes: RegExp[]; stopwords: RegExp | undefined }[];
}

/**
 * The keyword index is built from the rules' data; a rule's regexes are compiled the first time
 * a text holds one of its keywords. Compiling all 218 up front cost 16–30 ms in every process's
 * first record (the per-command core pays it on each command), and most records need none.
 */
const compiledRules: (Compiled | undefined)[] = [];
let keywordRules: Map<string, number[]> | undefined;
let globalAllow: RegExp[] | undefined;
/** Keywords by their first two characters (every keyword has at least two). */
let byPair: Map<number, string[]> | undefined;
/** Rules without keywords: they run on every text. */
let alwaysRun: number[] | undefined;

function compileRule(i: number): Compiled {
  const hit = compiledRules[i];
  if (hit) return hit;
  const rule = GITLEAKS_RULES[i]!;
  const c: Compiled = {
    rule,
    re: new RegExp(rule.source, `${rule.flags}g`),
    // Sticky with `d`: the found match read again where it starts, for its group positions.
    withIndices: new RegExp(rule.source, `${rule.flags}yd`),
    allow: (rule.allow ?? []).map((a: VendoredAllow) => ({
      target: a.target,
      and: a.condition === 'AND',
      regexes: a.regexes.map(([src, f]) => new RegExp(src, f)),
      stopwords: a.stopwords.length
        ? new RegExp(a.stopwords.map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|'))
        : undefined,
    })),
  };
  compiledRules[i] = c;
  return c;
}

function index(): void {
  if (keywordRules) return;
  keywordRules = new Map();
  alwaysRun = [];
  GITLEAKS_RULES.forEach((rule, i) => {
    if (rule.keywords.length === 0) alwaysRun!.push(i);
    for (const k of rule.keywords) keywordRules!.set(k, [...(keywordRules!.get(k) ?? []), i]);
  });
  byPair = new Map();
  for (const k of keywordRules.keys()) {
    if (k.length < 2) throw new Error(`gitleaks keyword '${k}' is shorter than two characters`);
    const pair = (k.charCodeAt(0) << 16) | k.charCodeAt(1);
    byPair.set(pair, [...(byPair.get(pair) ?? []), k]);
  }
  globalAllow = GITLEAKS_GLOBAL_ALLOW.map(([src, f]) => new RegExp(src, f));
}

/** Every rule compiled, in rule order (the benchmark and the per-rule tests). */
function compile(): Compiled[] {
  index();
  return GITLEAKS_RULES.map((_r, i) => compileRule(i));
}

/**
 * The rules whose keywords occur in `text` (all rules without keywords always run). Each
 * position's two characters pick the few keywords that could start there: 244 `includes` or
 * one 244-way alternation per field cost 5 to 17 µs; this costs well under one.
 */
function candidates(text: string): Compiled[] {
  index();
  const lower = text.toLowerCase();
  const picked = new Set<number>(alwaysRun);
  for (let i = 0; i + 1 < lower.length; i++) {
    const words = byPair!.get((lower.charCodeAt(i) << 16) | lower.charCodeAt(i + 1));
    if (words === undefined) continue;
    for (const k of words) if (lower.startsWith(k, i)) for (const r of keywordRules!.get(k)!) picked.add(r);
  }
  return [...picked].sort((a, b) => a - b).map(compileRule);
}

/** [start, end, rule id] of every secret the vendored rules find, in rule order. */
export function vendoredSecretSpans(text: string, rules?: readonly Compiled[]): [number, number, string][] {
  const spans: [number, number, string][] = [];
  for (const c of rules ?? candidates(text)) {
    c.re.lastIndex = 0;
    for (const found of text.matchAll(c.re)) {
      if (found[0].length === 0) continue;
      c.withIndices.lastIndex = found.index!;
      const m = c.withIndices.exec(text)!;
      let g = c.rule.secretGroup ?? 0;
      if (g === 0)
        for (let i = 1; i < m.length; i++)
          if (m[i]) {
            g = i;
            break;
          }
      let [start, end] = m.indices![g] ?? m.indices![0]!;
      // A short first group is a repeated piece (teams' `([a-z0-9]{4}-){3}`), not the secret.
      if (c.rule.secretGroup === undefined && end - start < 8) [start, end] = m.indices![0]!;
      const secret = text.slice(start, end);
      if (c.rule.entropy !== undefined && shannonEntropy(secret) <= c.rule.entropy) continue;
      index();
      if (globalAllow!.some((re) => re.test(secret))) continue;
      if (allowed(c, secret, m[0], () => lineAround(text, m.index!, m.index! + m[0].length))) continue;
      spans.push([start, end, c.rule.id]);
    }
  }
  return spans;
}

function allowed(c: Compiled, secret: string, match: string, line: () => string): boolean {
  return c.allow.some((a) => {
    const on = a.target === 'match' ? match : a.target === 'line' ? line() : secret;
    const checks: boolean[] = [];
    if (a.regexes.length > 0) checks.push(a.regexes.some((re) => re.test(on)));
    if (a.stopwords) checks.push(a.stopwords.test(secret.toLowerCase()));
    return checks.length > 0 && (a.and ? checks.every(Boolean) : checks.some(Boolean));
  });
}

/**
 * The line around a match, at most LINE_WINDOW characters either side of it: the line
 * allowlists are local patterns (`--mount=type=secret,`, an `import … from`), and reading a
 * whole line per match made a long line of matches quadratic.
 */
function lineAround(text: string, start: number, end: number): string {
  let from = start;
  while (from > 0 && start - from < LINE_WINDOW && text[from - 1] !== '\n') from--;
  let to = end;
  while (to < text.length && to - end < LINE_WINDOW && text[to] !== '\n') to++;
  return text.slice(from, to);
}
const LINE_WINDOW = 512;

/** Replaces each secret with `[REDACTED:<gitleaks rule id>]`; overlapping finds merge, the first rule's label wins. */
export function redactVendoredSecrets(text: string, rules?: readonly Compiled[]): string {
  const spans = vendoredSecretSpans(text, rules);
  if (spans.length === 0) return text;
  spans.sort((a, b) => a[0] - b[0] || b[1] - a[1]);
  const parts: string[] = [];
  let last = 0;
  for (const [start, end, id] of spans) {
    if (end <= last) continue;
    parts.push(text.slice(last, Math.max(last, start)), `[REDACTED:${id}]`);
    last = end;
  }
  parts.push(text.slice(last));
  return parts.join('');
}

export interface VendoredRulePass {
  id: string;
  keywords: readonly string[];
  source: string;
  flags: string;
  apply: (text: string) => string;
  /** The secrets this rule alone finds in `text`. */
  secrets: (text: string) => string[];
}

/**
 * `redacted` with every secret the rules find in `original` replaced wherever it still occurs
 * (longest first, so a secret holding another goes whole).
 */
export function replaceVendoredSecrets(original: string, redacted: string): string {
  const spans = vendoredSecretSpans(original);
  if (spans.length === 0) return redacted;
  const found = new Map<string, string>();
  for (const [start, end, id] of spans) {
    const secret = original.slice(start, end).trim();
    if (secret.length > 0 && !found.has(secret)) found.set(secret, id);
  }
  let out = redacted;
  for (const [secret, id] of [...found].sort((a, b) => b[0].length - a[0].length)) {
    if (out.includes(secret)) out = out.split(secret).join(`[REDACTED:${id}]`);
    else out = redactBesideMarkers(out, secret, id);
  }
  return out;
}

const MARKER = /\[REDACTED:[a-z0-9-]+\]/g;

/**
 * A secret a structured pass redacted in part (`glpat-….wgkm36lhb`: the shape ends at the dot)
 * is no longer in the text whole; what is left of it sits right after or right before a
 * marker. The longest such end of the secret (4 characters or more) goes too.
 */
function redactBesideMarkers(text: string, secret: string, id: string): string {
  const cuts: [number, number][] = [];
  for (const m of text.matchAll(MARKER)) {
    const after = m.index! + m[0].length;
    for (let k = Math.min(secret.length - 1, text.length - after); k >= 4; k--) {
      if (secret.endsWith(text.slice(after, after + k))) {
        cuts.push([after, after + k]);
        break;
      }
    }
    for (let k = Math.min(secret.length - 1, m.index!); k >= 4; k--) {
      if (secret.startsWith(text.slice(m.index! - k, m.index!))) {
        cuts.push([m.index! - k, m.index!]);
        break;
      }
    }
  }
  if (cuts.length === 0) return text;
  cuts.sort((a, b) => a[0] - b[0]);
  const parts: string[] = [];
  let last = 0;
  for (const [start, end] of cuts) {
    if (start < last) continue;
    parts.push(text.slice(last, start), `[REDACTED:${id}]`);
    last = end;
  }
  parts.push(text.slice(last));
  return parts.join('');
}

/** Each rule alone, for the benchmark and the per-rule tests. */
export function vendoredRulePasses(): VendoredRulePass[] {
  return compile().map((c) => ({
    id: c.rule.id,
    keywords: c.rule.keywords,
    source: c.rule.source,
    flags: c.rule.flags,
    apply: (t: string) => redactVendoredSecrets(t, [c]),
    secrets: (t: string) => vendoredSecretSpans(t, [c]).map(([a, b]) => t.slice(a, b)),
  }));
}
