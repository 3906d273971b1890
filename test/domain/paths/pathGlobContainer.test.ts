import { describe, expect, it } from 'vitest';
import { compileGlob, containerMatches, globMatches } from '../../../src/domain/paths/pathGlob.js';

// Directories from which a recursive access (`cp -r`, `tar -C`, `unzip -d`) reaches a pattern.
const cases: Array<[pattern: string, dir: string, container: boolean]> = [
  // Located patterns: ancestors, the literal directory, and directories above the last segment.
  ['/home/u/.ssh/**', '/', true],
  ['/home/u/.ssh/**', '/home', true],
  ['/home/u/.ssh/**', '/home/u', true],
  ['/home/u/.ssh/**', '/home/u/.ssh', true],
  ['/home/u/.ssh/**', '/home/v', false],
  ['/home/u/.ssh/**', '/home/u/.sshx', false],
  ['/home/u/secrets/*.pem', '/home/u/secrets', true],
  ['/home/u/secrets/*.pem', '/home/u/secrets/sub', false],
  ['/home/u/secrets/*.pem', '/home/u/secret', false],
  ['/home/u/secrets/*.pem', '/home/u/secretsx', false],
  ['/proc/*/environ', '/proc', true],
  ['/proc/*/environ', '/proc/1', true],
  ['/proc/*/environ', '/proc/1/task', false],
  ['/proc/*/task/*/environ', '/proc/self/task', true],
  ['/proc/*/task/*/environ', '/proc/self/task/7', true],
  ['/proc/*/task/*/environ', '/proc/self/fd', false],
  ['/etc/ssh/ssh_host_*_key', '/etc/ssh', true],
  ['/etc/ssh/ssh_host_*_key', '/etc/ssl', false],
  ['/etc/shadow', '/etc', true],
  ['/etc/shadow', '/etc/shadow', false],
  ['/etc/shadow', '/etcx', false],
  // A `**` inside a located pattern: everything at or below it.
  ['/home/u/vault/**/*.pem', '/home/u/vault', true],
  ['/home/u/vault/**/*.pem', '/home/u/vault/a/b', true],
  ['/home/u/vault/**/*.pem', '/home/u/other', false],
  // Patterns starting with `**` match by the trailing directory names.
  ['**/.git/config', '/w/p/.git', true],
  ['**/.git/config', '/.git', true],
  ['**/.git/config', '/w/p', false],
  ['**/.git/config', '/w/p/.git/hooks', false],
  ['**/.git/config', '/', false],
  ['**/.git/config', '/w/.github', false],
  ['**/.git/hooks/**', '/w/.git', true],
  ['**/.git/hooks/**', '/w/.git/hooks', true],
  ['**/.git/hooks/**', '/w/.git/objects', false],
  ['**/.claude/settings*.json', '/w/.claude', true],
  ['**/.claude/settings*.json', '/w/claude', false],
  ['**/a/**/b/c', '/x/a', true],
  ['**/a/**/b/c', '/x/a/y/z', true],
  ['**/a/**/b/c', '/x/y', false],
  // Name-anywhere patterns (and `**` plus one name) reach no directory.
  ['.env', '/w/p', false],
  ['**/id_rsa', '/w/p', false],
  ['/', '/', false],
];

describe('containerMatches', () => {
  it.each(cases)('%s from %s → %s', (pattern, dir, container) => {
    expect(containerMatches(compileGlob(pattern), dir)).toBe(container);
  });

  it('every strict ancestor of a match of a located pattern is a container', () => {
    const samples: Array<[string, string]> = [
      ['/home/u/.ssh/**', '/home/u/.ssh/keys/id'],
      ['/proc/*/task/*/environ', '/proc/12/task/13/environ'],
      ['/home/u/vault/**/*.pem', '/home/u/vault/a/b/c.pem'],
      ['/etc/ssh/ssh_host_*_key', '/etc/ssh/ssh_host_rsa_key'],
    ];
    for (const [pattern, path] of samples) {
      const glob = compileGlob(pattern);
      expect(globMatches(glob, path)).toBe(true);
      for (let d = path.slice(0, path.lastIndexOf('/')) || '/'; ; d = d.slice(0, d.lastIndexOf('/')) || '/') {
        expect(containerMatches(glob, d), `${pattern} from ${d}`).toBe(true);
        if (d === '/') break;
      }
    }
  });

  it('pattern text is data: regular-expression characters stay literal', () => {
    const glob = compileGlob('/data/(a|b)+/x.key');
    expect(containerMatches(glob, '/data/(a|b)+')).toBe(true);
    expect(containerMatches(glob, '/data/aa')).toBe(false);
  });
});
