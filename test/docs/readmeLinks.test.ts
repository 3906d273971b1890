// Links in the README lead somewhere, and the Quickstart is what CI runs.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { README_PATH, ROOT, headingAnchors, readReadme, relativeLinks, section } from './readmeText.js';

const readme = readReadme();

describe('README links', () => {
  const links = relativeLinks(readme);

  it('finds the links (the parser is not vacuous)', () => {
    expect(links.length).toBeGreaterThan(15);
  });

  it('point at files that exist, and at headings that exist in them', () => {
    const broken: string[] = [];
    for (const link of links) {
      const [path, anchor] = link.split('#') as [string, string | undefined];
      const file = path === '' ? README_PATH : join(ROOT, path);
      if (!existsSync(file)) {
        broken.push(`${link}: no such file`);
        continue;
      }
      if (anchor === undefined) continue;
      if (!statSync(file).isFile() || !file.endsWith('.md')) {
        broken.push(`${link}: anchor into a non-Markdown file`);
        continue;
      }
      if (!headingAnchors(readFileSync(file, 'utf8')).has(anchor)) broken.push(`${link}: no heading with that anchor`);
    }
    expect(broken).toEqual([]);
  });

  it('computes anchors the way GitHub does', () => {
    const anchors = headingAnchors(
      '# Rego / OPA engine\n## Two ways to run OPA (`rego.mode`)\n## Figures\n## Figures\n',
    );
    expect([...anchors]).toEqual(['rego--opa-engine', 'two-ways-to-run-opa-regomode', 'figures', 'figures-1']);
  });
});

describe('README Quickstart', () => {
  const quick = section(readme, 'Quickstart');
  const fence = /```sh\n([\s\S]*?)```/.exec(quick)?.[1] ?? '';
  const commands = fence
    .split('\n')
    .map((l) => l.replace(/#.*$/, '').trim())
    .filter(Boolean);

  it('is npm ci, npx shimctl install, npm test', () => {
    expect(commands).toEqual(['npm ci', 'npx shimctl install', 'npm test']);
  });

  it('matches the package: a prepare build and a shimctl bin', () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
      bin: Record<string, string>;
      scripts: Record<string, string>;
    };
    expect(pkg.scripts.prepare, 'npm ci must build (prepare)').toMatch(/build/);
    expect(pkg.bin.shimctl).toBeDefined();
    expect(existsSync(join(ROOT, pkg.bin.shimctl!))).toBe(true);
  });

  it('runs the same test command as CI', () => {
    const ci = readFileSync(join(ROOT, '.ci/run'), 'utf8')
      .split('\n')
      .map((l) => l.trim());
    expect(ci).toContain('npm ci');
    expect(ci).toContain('npm test');
  });
});
