// The host-facts adapter against the real file system: real symlinks, real executables on a
// real PATH, shim directories excluded by identity, nothing cached between calls.
import {
  chmodSync,
  linkSync,
  mkdirSync,
  mkdtempSync,
  realpathSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createHostFactsProvider,
  realpathOfLongestPrefix,
} from '../../../src/infrastructure/hostFacts/createHostFactsProvider.js';
import { statePaths } from '../../../src/infrastructure/paths/statePaths.js';

let root: string;
let home: string;
let env: Record<string, string | undefined>;

function executable(path: string): void {
  mkdirSync(join(path, '..'), { recursive: true });
  writeFileSync(path, '#!/bin/sh\nexit 0\n');
  chmodSync(path, 0o755);
}

beforeAll(() => {
  root = realpathSync(mkdtempSync(join(tmpdir(), 'shimctl-facts-')));
  home = join(root, 'home');
  mkdirSync(home);
  // Hermetic: a fresh HOME and no XDG variables, so state paths land inside it.
  env = { HOME: home };
  const paths = statePaths(env);
  executable(join(paths.shimDir, 'bash'));
  executable(join(paths.launcherDir, 'claude'));
  executable(join(root, 'realbin', 'bash'));
  executable(join(root, 'realbin', 'claude'));
  executable(join(root, 'realbin', 'tool'));
  writeFileSync(join(root, 'realbin', 'notexec'), 'x');
  symlinkSync(paths.shimDir, join(root, 'alias-of-shims'));
  mkdirSync(join(home, '.ssh'));
  writeFileSync(join(home, '.ssh', 'id_ed25519'), 'k');
  symlinkSync(join(home, '.ssh'), join(root, 'keys'));
  symlinkSync('loop-b', join(root, 'loop-a'));
  symlinkSync('loop-a', join(root, 'loop-b'));
  // Dangling: their targets do not exist yet, and a write through them creates the target.
  symlinkSync(join(home, '.ssh', 'authorized_keys2'), join(root, 'dangling-abs'));
  symlinkSync('keys/rc', join(root, 'dangling-rel'));
  symlinkSync('dangling-abs', join(root, 'dangling-hop'));
  symlinkSync(join(home, '.ssh', 'new-dir'), join(root, 'dangling-dir'));
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

const factsFor = (pathVar: string) => createHostFactsProvider(statePaths(env)).facts({ ...env, PATH: pathVar });

describe('realpath of the longest existing prefix', () => {
  it('resolves a symlinked directory and keeps a missing tail', () => {
    expect(realpathOfLongestPrefix(join(root, 'keys', 'id_ed25519'))).toBe(join(home, '.ssh', 'id_ed25519'));
    expect(realpathOfLongestPrefix(join(root, 'keys', 'new', 'file'))).toBe(join(home, '.ssh', 'new', 'file'));
  });
  it('handles a missing path under a missing directory, and `/`', () => {
    expect(realpathOfLongestPrefix('/definitely/not/here')).toBe('/definitely/not/here');
    expect(realpathOfLongestPrefix('/')).toBe('/');
  });
  it('follows a dangling symlink to its target, as a write through it does', () => {
    const keys2 = join(home, '.ssh', 'authorized_keys2');
    expect(realpathOfLongestPrefix(join(root, 'dangling-abs'))).toBe(keys2);
    // Relative to the link's directory, through another link (keys -> ~/.ssh).
    expect(realpathOfLongestPrefix(join(root, 'dangling-rel'))).toBe(join(home, '.ssh', 'rc'));
    expect(realpathOfLongestPrefix(join(root, 'dangling-hop'))).toBe(keys2);
    expect(realpathOfLongestPrefix(join(root, 'dangling-dir', 'x'))).toBe(join(home, '.ssh', 'new-dir', 'x'));
    expect(factsFor('').realpath(join(root, 'dangling-hop'))).toBe(keys2);
  });
  it('does not throw on a symlink loop', () => {
    expect(() => factsFor('').realpath(join(root, 'loop-a', 'x'))).not.toThrow();
  });
  it('sees a symlink created after facts() was taken (no stale cache within or across reviews)', () => {
    const facts = factsFor('');
    const link = join(root, 'late-link');
    expect(facts.realpath(link)).toBe(link);
    symlinkSync(join(home, '.ssh'), link);
    expect(facts.realpath(join(link, 'id_ed25519'))).toBe(join(home, '.ssh', 'id_ed25519'));
  });
});

describe('resolveCommand', () => {
  it('skips the shim and launcher directories, even when PATH names them through a symlink', () => {
    const paths = statePaths(env);
    const facts = factsFor(
      [paths.shimDir, join(root, 'alias-of-shims'), paths.launcherDir, join(root, 'realbin'), '/usr/bin', '/bin'].join(
        ':',
      ),
    );
    expect(facts.resolveCommand('bash')).toBe(join(root, 'realbin', 'bash'));
    expect(facts.resolveCommand('claude')).toBe(join(root, 'realbin', 'claude'));
    expect(facts.resolveCommand('tool')).toBe(join(root, 'realbin', 'tool'));
  });
  it('finds nothing for a missing or non-executable name, or a name with a slash', () => {
    const facts = factsFor(join(root, 'realbin'));
    expect(facts.resolveCommand('nope-not-here')).toBeUndefined();
    expect(facts.resolveCommand('notexec')).toBeUndefined();
    expect(facts.resolveCommand('./tool')).toBeUndefined();
    expect(facts.resolveCommand('')).toBeUndefined();
  });
  it('ignores relative and empty PATH entries (a `.` in PATH would let the workspace pick binaries)', () => {
    // The test runs in the repository, whose bin/shimctl.cjs is executable: a relative `bin` entry
    // taken as is would find it there.
    expect(statSync('bin/shimctl.cjs').mode & 0o111).not.toBe(0);
    const facts = factsFor(`.::bin:${join(root, 'nowhere')}`);
    expect(facts.resolveCommand('shimctl.cjs')).toBeUndefined();
  });
  it('with only shim directories on PATH, nothing resolves (no fallback)', () => {
    expect(factsFor(statePaths(env).shimDir).resolveCommand('bash')).toBeUndefined();
  });
});

describe('fileId and shimctlPaths', () => {
  it('is dev:ino, equal for hard links and symlinks, undefined when missing', () => {
    const facts = factsFor('');
    const a = join(root, 'a.txt');
    writeFileSync(a, 'x');
    linkSync(a, join(root, 'b.txt'));
    symlinkSync(a, join(root, 'c.txt'));
    expect(facts.fileId(a)).toMatch(/^\d+:\d+$/);
    expect(facts.fileId(join(root, 'b.txt'))).toBe(facts.fileId(a));
    expect(facts.fileId(join(root, 'c.txt'))).toBe(facts.fileId(a));
    expect(facts.fileId(join(root, 'missing'))).toBeUndefined();
  });
  it('reports shimctl state directories derived from HOME/XDG', () => {
    const facts = factsFor('');
    expect(facts.home).toBe(home);
    // No install in this HOME: the directories HOME/XDG name (no manifest to add recorded ones).
    expect(facts.shimctlPaths).toEqual([
      join(home, '.config/shimctl'),
      join(home, '.local/state/shimctl'),
      join(home, '.local/share/shimctl'),
      join(home, '.local/share/shimctl/bin'),
      join(home, '.local/share/shimctl/shims'),
      '/etc/shimctl/managed.json',
    ]);
    const xdg = createHostFactsProvider(statePaths({ HOME: home, XDG_CONFIG_HOME: join(root, 'cfg') })).facts({});
    expect(xdg.shimctlPaths![0]).toBe(join(root, 'cfg', 'shimctl'));
  });
});
