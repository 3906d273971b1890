// Paths that mean something only in the opening process (attack pass 13): mapped through the
// command's descriptors and cwd, or unknown; never resolved by the reviewer (processPaths.ts).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fdsAfterRedirects, processPath } from '../../../src/domain/paths/processPaths.js';

interface Case {
  path: string;
  fds: Record<string, string | null>;
  expect: null | 'unknown' | { kind: string; path: string };
  why: string;
}
const CASES = JSON.parse(readFileSync(join(import.meta.dirname, 'processPaths.cases.json'), 'utf8')) as Case[];
const CWD = '/home/u/ws/sub';

describe('processPath', () => {
  for (const c of CASES) {
    it(`${c.path} ${JSON.stringify(c.fds)}: ${c.why}`, () => {
      const fds = new Map(Object.entries(c.fds).map(([k, v]) => [Number(k), v]));
      const got = processPath(c.path, CWD, fds);
      if (c.expect === null) expect(got).toBeUndefined();
      else if (c.expect === 'unknown') expect(got?.kind).toBe('unknown');
      else expect(got).toEqual(c.expect);
    });
  }
});

describe('fdsAfterRedirects', () => {
  const resolve = (t: string) => (t.startsWith('/') ? t : `${CWD}/${t}`);
  const map = (
    rs: Array<{ fd?: number; op: string; target: string; here?: string }>,
    inherited?: Map<number, string | null>,
  ) => Object.fromEntries(fdsAfterRedirects(rs, inherited, CWD, resolve) ?? []);

  it('N<DIR opens the directory on N; later redirections win', () => {
    expect(map([{ fd: 3, op: '<', target: '/home/u' }])).toEqual({ 3: '/home/u' });
    expect(
      map([
        { fd: 3, op: '<', target: '/home/u' },
        { fd: 3, op: '<', target: 'x' },
      ]),
    ).toEqual({ 3: `${CWD}/x` });
  });
  it('a duplicate copies the descriptor, a closed one is forgotten', () => {
    expect(
      map([
        { fd: 3, op: '<', target: '/etc' },
        { fd: 4, op: '<&', target: '3' },
      ]),
    ).toEqual({ 3: '/etc', 4: '/etc' });
    expect(map([{ fd: 4, op: '<&', target: '0' }])).toEqual({ 4: null });
    expect(map([{ fd: 4, op: '<&', target: '7' }], new Map([[4, '/etc']]))).toEqual({});
    expect(map([{ fd: 3, op: '<&', target: '-' }], new Map([[3, '/etc']]))).toEqual({});
  });
  it('&> sets 1 and 2, a here-document is a stream, plain > sets 1', () => {
    expect(map([{ op: '&>', target: '/tmp/o' }])).toEqual({ 1: '/tmp/o', 2: '/tmp/o' });
    expect(map([{ op: '<<', target: '', here: 'x\n' }])).toEqual({ 0: null });
    expect(map([{ op: '>', target: 'o' }])).toEqual({ 1: `${CWD}/o` });
  });
  it('a target that is itself process-dependent is mapped, or forgotten when it cannot be', () => {
    expect(
      map([
        { fd: 3, op: '<', target: '/home/u' },
        { fd: 4, op: '<', target: '/dev/fd/3/.ssh' },
      ]),
    ).toEqual({
      3: '/home/u',
      4: '/home/u/.ssh',
    });
    expect(map([{ fd: 3, op: '<', target: '/proc/self/cwd' }])).toEqual({ 3: CWD });
    expect(map([{ fd: 3, op: '<', target: '/proc/9/cwd' }], new Map([[3, '/etc']]))).toEqual({});
  });
  it('inherited descriptors stay (bash -c "…" 3<~ runs its parts with fd 3)', () => {
    expect(map([{ fd: 4, op: '<', target: '/etc' }], new Map([[3, '/home/u']]))).toEqual({ 3: '/home/u', 4: '/etc' });
  });
});
