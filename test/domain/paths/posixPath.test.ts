import { posix } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  absolutize,
  isStrictAncestor,
  normalizePosix,
  resolvePhysically,
} from '../../../src/domain/paths/posixPath.js';

// Segments drawn so that `.`, `..`, empty (from `//`) and odd names are frequent.
const segment = fc.oneof(
  fc.constantFrom('', '.', '..', '...', 'a', 'b', '.env', '~', ' ', 'a b'),
  fc.stringMatching(/^[^/\0]{1,6}$/),
);
const relPath = fc.array(segment, { maxLength: 12 }).map((s) => s.join('/'));
const absPath = relPath.map((p) => `/${p}`);

describe('normalizePosix (properties)', () => {
  it('is idempotent', () => {
    fc.assert(
      fc.property(fc.oneof(relPath, absPath), (p) => normalizePosix(normalizePosix(p)) === normalizePosix(p)),
      { numRuns: 5000 },
    );
  });
  it('leaves no `..`, `.` or empty segment in an absolute path, and never escapes `/`', () => {
    fc.assert(
      fc.property(absPath, (p) => {
        const n = normalizePosix(p);
        expect(n.startsWith('/')).toBe(true);
        expect(
          n
            .split('/')
            .slice(1)
            .filter((s) => s === '..' || s === '.' || (s === '' && n !== '/')),
        ).toEqual([]);
      }),
      { numRuns: 5000 },
    );
  });
  it('agrees with node:path posix.normalize (an independent oracle), trailing slash aside', () => {
    fc.assert(
      fc.property(fc.oneof(relPath, absPath), (p) => {
        fc.pre(p !== '');
        const oracle = posix.normalize(p).replace(/(.)\/$/, '$1');
        expect(normalizePosix(p)).toBe(oracle);
      }),
      { numRuns: 5000 },
    );
  });
  it('absolutize agrees with posix.resolve', () => {
    fc.assert(
      fc.property(absPath, fc.oneof(relPath, absPath), (cwd, p) => {
        expect(absolutize(p, normalizePosix(cwd))).toBe(posix.resolve(normalizePosix(cwd), p));
      }),
      { numRuns: 3000 },
    );
  });
  it("a sibling whose name merely starts with a directory's name is not inside it (/a/b vs /a/bc)", () => {
    fc.assert(
      fc.property(absPath, fc.stringMatching(/^[^/\0]{1,4}$/), (dir, suffix) => {
        const d = normalizePosix(dir);
        fc.pre(d !== '/' && suffix !== '.' && suffix !== '..');
        expect(isStrictAncestor(d, `${d}${suffix}`)).toBe(false);
        expect(isStrictAncestor(d, `${d}/${suffix}`)).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('resolvePhysically', () => {
  // A fake file system with one symlink: /w/link -> /deep/down/dir. Lexically `link/..` is /w,
  // physically it is /deep/down, and the kernel uses the physical answer.
  const realpath = (p: string): string => p.replace(/^\/w\/link(?=\/|$)/, '/deep/down/dir');
  it('applies `..` after a symlink to the symlink target, as the kernel does', () => {
    expect(resolvePhysically('/w/link/../.env', realpath)).toBe('/deep/down/.env');
  });
  it('without `..` it is one realpath of the normalised path', () => {
    expect(resolvePhysically('/w//link/./x', realpath)).toBe('/deep/down/dir/x');
  });
  it('never climbs above /', () => {
    expect(resolvePhysically('/../../..', realpath)).toBe('/');
  });
});
