import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

export interface DcgCase { file: string; command: string; expected: 'allow' | 'deny' }

/** A TOML basic string body (`"..."` without quotes) with its escapes decoded. */
function decodeBasic(body: string): string {
  return body.replace(/\\(u[0-9a-fA-F]{4}|U[0-9a-fA-F]{8}|.)/g, (_, e: string) => {
    if (e[0] === 'u' || e[0] === 'U') return String.fromCodePoint(parseInt(e.slice(1), 16));
    return ({ n: '\n', t: '\t', r: '\r', b: '\b', f: '\f', '"': '"', '\\': '\\' } as Record<string, string>)[e] ?? e;
  });
}

function value(line: string): string | undefined {
  const m = /^\s*[a-z_]+\s*=\s*(?:"((?:[^"\\]|\\.)*)"|'([^']*)')/.exec(line);
  if (!m) return undefined;
  return m[1] !== undefined ? decodeBasic(m[1]) : m[2];
}

/**
 * A tiny reader for the dcg corpus: only `[[case]]` blocks and their `command` and
 * `expected`/`expected_decision` keys (single-line strings; commented-out lines are skipped).
 */
export function readDcgCases(root: string): DcgCase[] {
  const out: DcgCase[] = [];
  const walk = (dir: string): string[] => readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    return statSync(p).isDirectory() ? walk(p) : n.endsWith('.toml') ? [p] : [];
  });
  for (const file of walk(root).sort()) {
    let current: Partial<DcgCase> | undefined;
    const flush = (): void => {
      if (current?.command !== undefined && current.expected) out.push(current as DcgCase);
      current = undefined;
    };
    for (const line of readFileSync(file, 'utf8').split('\n')) {
      if (/^\s*\[\[case\]\]/.test(line)) { flush(); current = { file: relative(root, file) }; continue; }
      if (!current || /^\s*#/.test(line)) continue;
      if (/^\s*command\s*=/.test(line)) current.command = value(line);
      else if (/^\s*expected(_decision)?\s*=/.test(line)) {
        const v = value(line);
        if (v === 'allow' || v === 'deny') current.expected = v;
      }
    }
    flush();
  }
  return out;
}
