// Vendors gitleaks' rule set (config/gitleaks.toml, MIT) as data: src/domain/audit/gitleaks/rules.ts.
// Usage: node scripts/vendorGitleaks.mjs <gitleaks git dir or checkout> [version]
// Go RE2 → JS: `(?i)` anywhere and `(?i:` make the whole rule case-insensitive and `(?-i:` is
// dropped (both only widen a match: over-redaction is the accepted failure), `(?P<` → `(?<`,
// `[[:alnum:]]` → `[A-Za-z0-9]`, `\z` → `$`. The leading `[\w.-]{0,50}?` of the "generic
// template" rules is removed: it only moves a match's start, never its secret group, and it made
// every position of a long word cost 50 tries. A rule that does not compile, or that the
// redaction bench shows is not linear (SLOW below, with the measurement), is listed as dropped.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const src = process.argv[2];
if (!src) throw new Error('usage: vendorGitleaks.mjs <gitleaks repo>');
const git = (...a) =>
  execFileSync('git', ['--git-dir', src.endsWith('.git') || !src.includes('repo') ? src : src, ...a], {
    encoding: 'utf8',
  });
const commit = git('rev-parse', 'HEAD').trim();
const version = process.argv[3] ?? git('describe', '--tags', 'HEAD').trim();
const toml = git('show', 'HEAD:config/gitleaks.toml');
const licence = git('show', 'HEAD:LICENSE');

/** Rules the bench (scripts/benchRedaction.mjs) showed past budget, and why: dropped, not shipped. */
const SLOW = {
  // Measured by test/domain/audit/redactionScaling.test.ts (CPU ms at 16 KiB → 64 KiB):
  // `curl ` × N 99.6 → 1620.9, `curl -u ` × N 86.1 → 1414.4 (×16: quadratic). Both start with
  // an unbounded `.*` after `curl` and need a later flag, so every `curl` reads to the line's
  // end. The structured passes already redact curl's -u and -H credentials.
  'curl-auth-user':
    'not linear: `\\bcurl\\b(?:.*|…)` then a required -u; ×16 CPU from 16 to 64 KiB of `curl ` × N (redactionScaling test)',
  // Linear (×3.9 from 25 to 100 KB) but each start reads up to 300 characters twice
  // (`[\s\S]{0,200}?\bdata:[\s\S]{0,100}?`): 223 ms CPU on 100 KB of `kind: secret` halves,
  // past the 50 ms pass budget. It matches YAML manifests, which commands rarely carry.
  'kubernetes-secret-yaml':
    'over the CPU budget: 223 ms on 100 KB (budget 50); two bounded lazy scans of up to 300 characters per start (benchRedaction)',
  'curl-auth-header':
    'not linear: `\\bcurl\\b(?:.*?|…)` then a required -H; same shape as curl-auth-user; the structured header rules cover it',
};

/**
 * Rules rewritten to run in linear time, with the measurement that showed the need
 * (scripts/benchRedaction.mjs and a 25 → 100 KB growth check, CPU ms).
 */
const PATCH = {
  // `value="(.{8,})"\s*/>`: `.{8,}` reads to the line's end and backs off to each `"`, from every
  // `<add key="Password" value="` start: 18.5 → 298.6 ms (×16). An XML attribute value holds no
  // raw `"`, so `[^"\n]` finds the same values and stops at the first quote.
  'nuget-config-password': ['(.{8,})\\"', '([^"\\n]{8,})\\"'],
};

/** A minimal reader for gitleaks.toml: tables, key = '''…''' | "…" | number | [ strings ]. */
function parseToml(text) {
  const rules = [];
  const global = { regexes: [] };
  let table = null;
  let i = 0;
  const lines = text.split('\n');
  const str = (s) =>
    s.startsWith("'''")
      ? s.slice(3, -3)
      : s.startsWith('"')
        ? JSON.parse(s)
        : s.startsWith("'")
          ? s.slice(1, -1)
          : Number(s);
  while (i < lines.length) {
    const line = lines[i++].trim();
    if (line === '' || line.startsWith('#')) continue;
    if (line === '[[rules]]') {
      table = { allowlists: [] };
      rules.push(table);
      continue;
    }
    if (line === '[[rules.allowlists]]') {
      const a = {};
      table.allowlists.push(a);
      table._cur = a;
      continue;
    }
    if (line === '[allowlist]') {
      table = null;
      continue;
    }
    const m = /^(\w+) = (.*)$/.exec(line);
    if (!m) throw new Error(`unread line ${i}: ${line}`);
    const [, key, value] = m;
    let parsed;
    if (value.startsWith('[')) {
      let body = value;
      while (!body.trimEnd().endsWith(']')) body += '\n' + lines[i++];
      parsed = [...body.matchAll(/'''(.*?)'''|"((?:[^"\\]|\\.)*)"/g)].map((x) =>
        x[1] !== undefined ? x[1] : JSON.parse(`"${x[2]}"`),
      );
    } else parsed = str(value);
    const target = table === null ? global : (table._cur ?? table);
    target[key] = parsed;
  }
  for (const r of rules) delete r._cur;
  return { rules, global };
}

/** Go RE2 source → [JS source, flags], or throws. */
function convert(re) {
  let flags = '';
  let s = re;
  if (/\(\?i\)|\(\?i:/.test(s)) flags += 'i';
  if (/\(\?s\)/.test(s)) flags += 's';
  s = s
    .replace(/\(\?s:\.\)/g, '[\\s\\S]')
    .replace(/\(\?[is]+\)/g, '')
    .replace(/\(\?i:/g, '(?:')
    .replace(/\(\?-i:/g, '(?:')
    .replace(/\(\?P</g, '(?<');
  const posix = {
    alnum: 'A-Za-z0-9',
    alpha: 'A-Za-z',
    digit: '0-9',
    lower: 'a-z',
    upper: 'A-Z',
    xdigit: '0-9A-Fa-f',
    space: '\\s',
    word: '\\w',
    punct: '!-\\/:-@\\[-`{-~',
  };
  s = s.replace(/\[:(\w+):\]/g, (_m, n) => {
    if (!posix[n]) throw new Error(`posix class ${n}`);
    return posix[n];
  });
  s = s.replace(/\\z/g, '$');
  // Not linear as written; the prefix only moves the match start (see the header).
  s = s.replace(/^\[\\w\.-\]\{0,50\}\?/, '').replace(/^\(\?:\[\\w\.-\]\{0,50\}\?/, '(?:');
  new RegExp(s, flags + 'g');
  return [s, flags];
}

const { rules, global } = parseToml(toml);
const kept = [];
const dropped = [];
for (const r of rules) {
  if (!r.regex) {
    dropped.push({ id: r.id, why: 'path-only rule (matches file names, not text)' });
    continue;
  }
  if (SLOW[r.id]) {
    dropped.push({ id: r.id, why: SLOW[r.id] });
    continue;
  }
  try {
    let [source, flags] = convert(r.regex);
    if (PATCH[r.id]) {
      const [from, to] = PATCH[r.id];
      if (!source.includes(from)) throw new Error(`patch for ${r.id} no longer applies`);
      source = source.replace(from, to);
    }
    const allow = [];
    for (const a of r.allowlists) {
      const regexes = (a.regexes ?? []).map((x) => convert(x));
      allow.push({
        target: a.regexTarget ?? 'secret',
        ...(a.condition ? { condition: a.condition } : {}),
        regexes,
        stopwords: a.stopwords ?? [],
      });
    }
    kept.push({
      id: r.id,
      source,
      flags,
      keywords: (r.keywords ?? []).map((k) => k.toLowerCase()),
      ...(r.entropy ? { entropy: r.entropy } : {}),
      ...(r.secretGroup ? { secretGroup: r.secretGroup } : {}),
      ...(allow.length ? { allow } : {}),
    });
  } catch (e) {
    dropped.push({ id: r.id, why: `does not convert to a JS regex: ${e.message}` });
  }
}
const globalRegexes = global.regexes.map((x) => convert(x));
const out = `// GENERATED by scripts/vendorGitleaks.mjs from gitleaks ${version} (commit ${commit}),
// config/gitleaks.toml. MIT licence: ./LICENSE. Do not edit; re-run the script.
import type { VendoredRule } from './vendoredRule.js';

export const GITLEAKS_SOURCE = ${JSON.stringify({ project: 'https://github.com/gitleaks/gitleaks', version, commit, licence: 'MIT', rules: rules.length, kept: kept.length })} as const;

/** Allowlist regexes every finding is checked against (gitleaks' global [allowlist] regexes, on the secret). */
export const GITLEAKS_GLOBAL_ALLOW: readonly (readonly [string, string])[] = ${JSON.stringify(globalRegexes)};

export const GITLEAKS_DROPPED: readonly { id: string; why: string }[] = ${JSON.stringify(dropped, null, 1)};

export const GITLEAKS_RULES: readonly VendoredRule[] = [
${kept.map((k) => '  ' + JSON.stringify(k)).join(',\n')},
];
`;
const dir = join(root, 'src/domain/audit/gitleaks');
writeFileSync(join(dir, 'rules.ts'), out);
writeFileSync(join(dir, 'LICENSE'), licence);
console.log(`gitleaks ${version} ${commit}: ${kept.length} kept, ${dropped.length} dropped`);
for (const d of dropped) console.log(`  dropped ${d.id}: ${d.why}`);
