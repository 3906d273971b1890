import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tempDir } from '../../../support/tempDirs.js';

/**
 * A real directory tree for glob tests (real files, real symlinks): dotfiles, spaces, brackets,
 * a hidden subdirectory, a symlinked directory, a dangling link, hostile names (`-rf`, `$(x)`)
 * and a home with key files. Returns its root (realpath'd so bash and the review agree).
 */
export function makeFixtureTree(): string {
  const root = tempDir('shimctl-glob-');
  const files = [
    'proj/a.ts',
    'proj/b.ts',
    'proj/c.js',
    'proj/B.ts',
    'proj/_u.ts',
    'proj/.hidden.ts',
    'proj/sp ace.ts',
    'proj/[x].ts',
    'proj/x.ts',
    'proj/ü.ts',
    'proj/src/m.ts',
    'proj/src/n.ts',
    'proj/src/.h.ts',
    'proj/src/deep/z.ts',
    'proj/.git/config',
    'proj/.cfg/k.ts',
    'proj/README',
    'proj/docs/README',
    'proj/q?.txt',
    'proj/st*r.txt',
    'trap/-rf',
    'trap/keep.txt',
    'trap/$(x)',
    'trap/a b',
    'home/u/.ssh/id_rsa',
    'home/u/.ssh/id_ed25519',
    'home/u/.ssh/known_hosts',
    'home/u/.aws/credentials',
    'home/u/bin/tool',
    'ctl/a\nb',
  ];
  for (const f of files) {
    mkdirSync(join(root, f, '..'), { recursive: true });
    writeFileSync(join(root, f), 'x\n');
  }
  mkdirSync(join(root, 'proj/empty'));
  symlinkSync('src', join(root, 'proj/lnk'));
  symlinkSync('nowhere', join(root, 'proj/dangling.ts'));
  return root;
}
