// Built-in rule ids the README names (`git:push`, `paths:ssh`…) must exist, so an example such as
// `"disabledRules": [...]` cannot point at a rule that was renamed or never existed.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BUILTIN_RULES } from '../../src/domain/policy/packs/index.js';
import { ROOT, codeLines, readReadmeAndReference } from './readmeText.js';

/** Path and URL rule ids are string literals in the domain's path and URL checks, not pack rules. */
function pathAndUrlIds(): Set<string> {
  const ids = new Set<string>();
  const walk = (dir: string): void => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const p = join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.name.endsWith('.ts'))
        for (const m of readFileSync(p, 'utf8').matchAll(/'((?:paths|urls):[a-z-]+)'/g)) ids.add(m[1]!);
    }
  };
  walk(join(ROOT, 'src/domain'));
  return ids;
}

describe('rule ids named in the README', () => {
  it('are built-in rules', () => {
    const known = new Set([...BUILTIN_RULES.map((r) => r.id), ...pathAndUrlIds()]);
    expect(known.size).toBeGreaterThan(60);
    const builtinPack = /^(core|git|fs|pkg|net|system|paths|urls):[a-z][a-z-]*$/;
    const named = [
      ...new Set(codeLines(readReadmeAndReference()).flatMap((l) => l.match(/[a-z]+:[a-z][a-z-]*/g) ?? [])),
    ].filter((w) => builtinPack.test(w));
    expect(named.length).toBeGreaterThanOrEqual(2);
    expect(
      named.filter((id) => !known.has(id)),
      'README names rule ids that do not exist',
    ).toEqual([]);
  });
});
