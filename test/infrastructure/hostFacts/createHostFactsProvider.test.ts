// The host-facts adapter against the real file system: real symlinks, real executables on a
// real PATH, shim directories excluded by identity, nothing cached between calls.
import { physicalPathResolver } from '../../../src/infrastructure/hostFacts/physicalPath.js';
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
import { createHostFactsProvider } from '../../../src/infrastructure/hostFacts/createHostFactsProvider.js';
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
  // Attack pass 16: `..` inside a target, after a component that is not there yet, and /proc.
  symlinkSync('Q/../outside', join(root, 'through-missing'));
  symlinkSync('keys/../.ssh/authorized_keys3', join(root, 'through-link'));
  symlinkSync('/proc/self/cwd', join(root, 'proc-cwd'));
  symlinkSync('/dev/fd', join(root, 'dev-fd'));
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** One resolver per call, as one review would have. */
const physicalPath = (p: string): string => physicalPathResolver()(p);

const factsFor = (pathVar: string) => createHostFactsProvider(statePaths(env)).facts({ ...env, PATH: pathVar });

describe('realpath of the longest existing prefix', () => {
  it('resolves a symlinked directory and keeps a missing tail', () => {
    expect(physicalPath(join(root, 'keys', 'id_ed25519'))).toBe(join(home, '.ssh', 'id_ed25519'));
    expect(physicalPath(join(root, 'keys', 'new', 'file'))).toBe(join(home, '.ssh', 'new', 'file'));
  });
  it('handles a missing path under a missing directory, and `/`', () => {
    expect(physicalPath('/definitely/not/here')).toBe('/definitely/not/here');
    expect(physicalPath('/')).toBe('/');
  });
  it('follows a dangling symlink to its target, as a write through it does', () => {
    const keys2 = join(home, '.ssh', 'authorized_keys2');
    expect(physicalPath(join(root, 'dangling-abs'))).toBe(keys2);
    // Relative to the link's directory, through another link (keys -> ~/.ssh).
    expect(physicalPath(join(root, 'dangling-rel'))).toBe(join(home, '.ssh', 'rc'));
    expect(physicalPath(join(root, 'dangling-hop'))).toBe(keys2);
    expect(physicalPath(join(root, 'dangling-dir', 'x'))).toBe(join(home, '.ssh', 'new-dir', 'x'));
    expect(factsFor('').realpath(join(root, 'dangling-hop'))).toBe(keys2);
  });
  it('takes `..` from where a link really leads, never from its spelling', () => {
    // keys -> ~/.ssh, so keys/.. is HOME, not root.
    expect(physicalPath(join(root, 'through-link'))).toBe(join(home, '.ssh', 'authorized_keys3'));
    expect(physicalPath(`${root}/keys/../x`)).toBe(join(home, 'x'));
  });
  it('keeps a `..` after a component that does not exist yet: it cannot be placed', () => {
    // Q does not exist: once it does (Q -> .), Q/.. is root's parent, not root.
    expect(physicalPath(join(root, 'through-missing'))).toBe(`${root}/Q/../outside`);
    expect(physicalPath(`${root}/missing/../x`)).toBe(`${root}/missing/../x`);
  });
  it("does not follow /proc and /dev links in the reviewer's own process", () => {
    expect(physicalPath(`${root}/proc-cwd/../x`)).toBe('/proc/self/cwd/../x');
    expect(physicalPath(join(root, 'dev-fd', '3', 'x'))).toBe('/dev/fd/3/x');
  });
  it('does not throw on a symlink loop', () => {
    expect(() => factsFor('').realpath(join(root, 'loop-a', 'x'))).not.toThrow();
  });
  it('sees a symlink created after an earlier review (nothing is kept across reviews)', () => {
    // Within one review the file system is read once per component (a snapshot: the review is
    // synchronous, and nothing it judges has run yet); the next review reads it again.
    const link = join(root, 'late-link');
    expect(factsFor('').realpath(link)).toBe(link);
    symlinkSync(join(home, '.ssh'), link);
    expect(factsFor('').realpath(join(link, 'id_ed25519'))).toBe(join(home, '.ssh', 'id_ed25519'));
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
    // Its config files by name: one may be a link into a dotfiles repository (attack pass 16, P16-09).
    expect(facts.shimctlFiles).toEqual([
      join(home, '.config/shimctl/config.json'),
      join(home, '.config/shimctl/config.yaml'),
      join(home, '.config/shimctl/config.yml'),
    ]);
    const xdg = createHostFactsProvider(statePaths({ HOME: home, XDG_CONFIG_HOME: join(root, 'cfg') })).facts({});
    expect(xdg.shimctlPaths![0]).toBe(join(root, 'cfg', 'shimctl'));
  });
});
