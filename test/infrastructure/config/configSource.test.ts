import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ConfigOutcome } from '../../../src/application/ports/configSource.js';
import { createConfigSource } from '../../../src/infrastructure/config/createConfigSource.js';
import { projectSearchDirs } from '../../../src/infrastructure/config/configFiles.js';
import { defaultConfig } from '../../../src/domain/defaultConfig.js';
import { makeTempHome } from './tempHome.js';
import type { TempHome } from './tempHome.js';

interface LooseningCase {
  name: string;
  user?: object;
  project?: object;
  warnings: string[];
  expect: Record<string, unknown>;
}
interface InvalidCase {
  name: string;
  layer: 'user' | 'project';
  file: string;
  content: string;
  userContent?: string;
  field: string;
  message: string;
}

const here = new URL('.', import.meta.url).pathname;
const looseningCases = JSON.parse(readFileSync(join(here, 'loosening.cases.json'), 'utf8')) as LooseningCase[];
const invalidCases = JSON.parse(readFileSync(join(here, 'invalid.cases.json'), 'utf8')) as InvalidCase[];

let t: TempHome;
beforeEach(() => {
  t = makeTempHome();
});
afterEach(() => t.cleanup());

const ok = (o: ConfigOutcome) => {
  if (o.kind !== 'ok') throw new Error(`expected ok, got ${JSON.stringify(o)}`);
  return o;
};
const userFile = (name = 'config.json') => join(t.paths.configDir, name);

describe('config layering', () => {
  it('no files at all: exactly the built-in defaults, no sources', () => {
    const o = ok(createConfigSource(t.paths).load(t.project));
    const { projectDirs, ...config } = o.config;
    expect(config).toEqual(defaultConfig());
    // The directories searched: the review reads other directories' project files itself (P19-F6).
    expect(projectDirs).toEqual(projectSearchDirs(t.project, t.paths.home));
    expect(projectDirs).toContain(t.project);
    expect(o.sources).toEqual([]);
    expect(o.warnings).toEqual([]);
  });

  it('user then project: both listed as sources, rules in that order, rule sources named', () => {
    t.write(userFile(), JSON.stringify({ rules: [{ id: 'me:ls', command: 'ls', decision: 'allow' }] }));
    const proj = t.write(
      join(t.project, '.shimctlrc.yaml'),
      'rules:\n  - id: proj:rm\n    command: rm\n    decision: block\n',
    );
    const o = ok(createConfigSource(t.paths).load(t.project));
    expect(o.sources).toEqual([userFile(), proj]);
    expect(o.config.rules.map((r) => r.id)).toEqual(['me:ls', 'proj:rm']);
    expect(o.ruleSources).toEqual({ 'me:ls': userFile(), 'proj:rm': proj });
  });

  it('finds the project file from a subdirectory, and goes on above the .git root (attack pass 20, F4)', () => {
    const sub = join(t.project, 'src', 'deep');
    mkdirSync(sub, { recursive: true });
    const proj = t.write(join(t.project, '.shimctlrc.json'), '{"roots":["."]}');
    // Above the project root, below HOME: a folder of repositories, its file applies too (outermost first).
    const above = t.write(
      join(t.home, 'work', '.shimctlrc.json'),
      '{"rules":[{"id":"x:y","command":"ls","decision":"block"}]}',
    );
    const o = ok(createConfigSource(t.paths).load(sub));
    expect(o.sources).toEqual([above, proj]);
    expect(o.config.roots).toEqual([t.project]);
    expect(o.config.rules.map((r) => r.id)).toEqual(['x:y']);
  });

  it('without .git, walks up to but never into HOME', () => {
    const dir = join(t.home, 'scratch', 'a');
    mkdirSync(dir, { recursive: true });
    t.write(join(t.home, '.shimctlrc.json'), '{"rules":[{"id":"x:y","command":"ls","decision":"block"}]}');
    const mid = t.write(join(t.home, 'scratch', '.shimctlrc'), '{"protectedPaths":["~/tok"]}');
    const o = ok(createConfigSource(t.paths).load(dir));
    expect(o.sources).toEqual([mid]);
    expect(o.config.rules).toEqual([]);
  });

  it('nested project files both apply, the outer first', () => {
    const inner = join(t.project, 'pkg');
    const outerFile = t.write(
      join(t.project, '.shimctlrc.json'),
      '{"rules":[{"id":"o:a","command":"a","decision":"ask"}]}',
    );
    const innerFile = t.write(
      join(inner, 'package.json'),
      '{"name":"pkg","shimctl":{"rules":[{"id":"i:b","command":"b","decision":"block"}]}}',
    );
    const o = ok(createConfigSource(t.paths).load(inner));
    expect(o.sources).toEqual([outerFile, innerFile]);
    expect(o.config.rules.map((r) => r.id)).toEqual(['o:a', 'i:b']);
  });

  it('a package.json without a shimctl key is not a config', () => {
    t.write(join(t.project, 'package.json'), '{"name":"x","version":"1.0.0"}');
    const o = ok(createConfigSource(t.paths).load(t.project));
    expect(o.sources).toEqual([]);
  });

  it('XDG_CONFIG_HOME moves the user file', async () => {
    const { statePaths } = await import('../../../src/infrastructure/paths/statePaths.js');
    const xdg = join(t.root, 'xdg');
    const paths = statePaths({ HOME: t.home, XDG_CONFIG_HOME: xdg });
    const f = t.write(join(xdg, 'shimctl', 'config.yml'), 'engine: both\n');
    const o = ok(createConfigSource(paths).load(t.project));
    expect(o.sources).toEqual([f]);
    expect(o.config.engine).toBe('both');
  });
});

describe('a project may only tighten: every loosening is reported by name', () => {
  it.each(looseningCases.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    if (c.user) t.write(userFile(), JSON.stringify(c.user));
    const proj = c.project ? t.write(join(t.project, '.shimctlrc.json'), JSON.stringify(c.project)) : undefined;
    const o = ok(createConfigSource(t.paths).load(t.project));
    expect(o.warnings.map((w) => w.field).sort()).toEqual([...c.warnings].sort());
    for (const w of o.warnings) {
      expect(w.code).toBe('config.loosening_ignored');
      expect(w.file).toBe(proj);
    }
    const subst = (v: unknown): unknown =>
      JSON.parse(JSON.stringify(v).replaceAll('$HOME', t.home).replaceAll('$PROJECT', t.project));
    for (const [key, value] of Object.entries(c.expect)) {
      expect((o.config as unknown as Record<string, unknown>)[key], key).toEqual(subst(value));
    }
  });
});

describe('invalid files name the file and the field', () => {
  it.each(invalidCases.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    if (c.userContent) t.write(userFile(), c.userContent);
    const file = t.write(c.layer === 'user' ? userFile(c.file) : join(t.project, c.file), c.content);
    const o = createConfigSource(t.paths).load(t.project);
    expect(o.kind).toBe('invalid');
    if (o.kind !== 'invalid') return;
    expect(o.file).toBe(file);
    expect(o.field).toBe(c.field);
    expect(o.message).toContain(c.message);
    // The layer decides the way out: a project file can be quarantined, the user's own is fixed.
    expect(o.layer).toBe(c.layer);
  });

  it('two user files at once are ambiguous', () => {
    t.write(userFile('config.json'), '{}');
    t.write(userFile('config.yaml'), 'engine: native\n');
    const o = createConfigSource(t.paths).load(t.project);
    expect(o).toMatchObject({ kind: 'invalid', field: '(file)' });
  });

  it('a JS config in the project is never executed', () => {
    const marker = join(t.root, 'ran');
    t.write(
      join(t.project, '.shimctlrc.cjs'),
      `require('fs').writeFileSync(${JSON.stringify(marker)}, 'x'); module.exports = {};`,
    );
    const o = createConfigSource(t.paths).load(t.project);
    expect(o).toMatchObject({ kind: 'invalid', file: join(t.project, '.shimctlrc.cjs') });
    expect(existsSync(marker)).toBe(false);
  });
});

describe('unreadable files are a named outcome, never a hang or a silent skip', () => {
  it('a directory where the user file is expected', () => {
    mkdirSync(userFile(), { recursive: true });
    const o = createConfigSource(t.paths).load(t.project);
    expect(o).toMatchObject({ kind: 'unreadable', file: userFile() });
  });

  it('a FIFO as the project file (reading it would block forever)', () => {
    execFileSync('mkfifo', [join(t.project, '.shimctlrc')]);
    const o = createConfigSource(t.paths).load(t.project);
    expect(o).toMatchObject({ kind: 'unreadable', file: join(t.project, '.shimctlrc') });
    if (o.kind === 'unreadable') expect(o.message).toContain('FIFO');
  });

  it('a symlink to a character device', () => {
    symlinkSync('/dev/zero', join(t.project, '.shimctlrc.json'));
    expect(createConfigSource(t.paths).load(t.project)).toMatchObject({ kind: 'unreadable' });
  });

  it('an oversized file is refused unread', () => {
    t.write(join(t.project, '.shimctlrc.json'), `{"protectedPaths":["${'a'.repeat(1024 * 1024)}"]}`);
    expect(createConfigSource(t.paths).load(t.project)).toMatchObject({
      kind: 'unreadable',
      message: expect.stringContaining('bytes'),
    });
  });

  it('a dangling symlink counts as absent, like a missing file', () => {
    symlinkSync(join(t.root, 'nowhere'), join(t.project, '.shimctlrc.json'));
    expect(createConfigSource(t.paths).load(t.project).kind).toBe('ok');
  });

  it('a user protectedPaths pattern starting with **/ is kept as written (it matches anywhere)', () => {
    t.write(userFile(), '{"protectedPaths":["**/.secrets/**","~/tok"]}');
    expect(ok(createConfigSource(t.paths).load(t.project)).config.protectedPaths).toEqual([
      '**/.secrets/**',
      join(t.home, 'tok'),
    ]);
  });

  it('a cwd that does not exist still loads the user layer', () => {
    t.write(userFile(), '{"engine":"both"}');
    const o = ok(createConfigSource(t.paths).load(join(t.project, 'gone', 'away')));
    expect(o.config.engine).toBe('both');
  });
});

describe('the search boundary is robust to spelling', () => {
  it('HOME with a trailing slash and a cwd with `..` still stop at HOME', async () => {
    const { statePaths } = await import('../../../src/infrastructure/paths/statePaths.js');
    const paths = statePaths({ HOME: `${t.home}/` });
    t.write(join(t.home, '.shimctlrc.json'), '{"rules":[{"id":"x:y","command":"ls","decision":"block"}]}');
    mkdirSync(join(t.home, 'a', 'b'), { recursive: true });
    const o = ok(createConfigSource(paths).load(join(t.home, 'a', 'b', '..')));
    expect(o.sources).toEqual([]);
  });
});

describe('caching', () => {
  it('one source caches per cwd; a new source sees an edited file', () => {
    const f = t.write(join(t.project, '.shimctlrc.json'), '{"roots":["a"]}');
    const first = createConfigSource(t.paths);
    expect(ok(first.load(t.project)).config.roots).toEqual([join(t.project, 'a')]);
    t.write(f, '{"roots":["b"]}');
    expect(ok(first.load(t.project)).config.roots).toEqual([join(t.project, 'a')]);
    expect(ok(createConfigSource(t.paths).load(t.project)).config.roots).toEqual([join(t.project, 'b')]);
  });
});
