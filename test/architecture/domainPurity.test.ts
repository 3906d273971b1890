import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative, resolve, dirname } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../..');
const domain = join(root, 'src/domain');

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? filesUnder(p) : p.endsWith('.ts') ? [p] : [];
  });
}

const IMPORT =
  /(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\s*\(\s*['"]([^'"]+)['"]\s*\)|require\s*\(\s*['"]([^'"]+)['"]\s*\)/g;

describe('the domain stays pure', () => {
  const files = filesUnder(domain);
  it('has files to check', () => {
    expect(files.length).toBeGreaterThan(3);
  });
  for (const file of files) {
    it(`${relative(root, file)} imports nothing but other domain files`, () => {
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(IMPORT)) {
        const spec = (m[1] ?? m[2] ?? m[3])!;
        expect(spec, `${spec} in ${file}`).not.toMatch(/^node:/);
        expect(spec.startsWith('.'), `bare import '${spec}' in ${file}: the domain may not use packages`).toBe(true);
        const target = resolve(dirname(file), spec);
        expect(target.startsWith(domain + '/'), `'${spec}' leaves src/domain`).toBe(true);
      }
      expect(text).not.toMatch(/\bprocess\.|\bglobalThis\.|\brequire\(/);
    });
  }
});
