// The exception-free PATH lookup against real files and modes, and against `which` itself:
// every case must give what which.sync gave before it was replaced on the hot path.
import {
  chmodSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import which from 'which';
import { afterAll, describe, expect, it } from 'vitest';
import { findExecutableOnPath, isExecutableBy } from '../../../src/infrastructure/hostFacts/findExecutableOnPath.js';
import { createHostFactsProvider } from '../../../src/infrastructure/hostFacts/createHostFactsProvider.js';
import { statePaths } from '../../../src/infrastructure/paths/statePaths.js';

interface Case {
  name: string;
  tree: Record<string, string>;
  path: string[];
  cmd: string;
  expect: string | null;
}
const cases = JSON.parse(readFileSync(join(import.meta.dirname, 'findExecutableOnPath.cases.json'), 'utf8')) as Case[];

const roots: string[] = [];
afterAll(() => roots.forEach((r) => rmSync(r, { recursive: true, force: true })));

function build(tree: Record<string, string>): string {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'shimctl-onpath-')));
  roots.push(root);
  for (const [rel, spec] of Object.entries(tree)) {
    const file = join(root, rel);
    mkdirSync(dirname(file), { recursive: true });
    if (spec.startsWith('->')) symlinkSync(spec.slice(2), file);
    else if (rel.endsWith('/')) {
      mkdirSync(file, { recursive: true });
      chmodSync(file, Number.parseInt(spec, 8));
    } else {
      writeFileSync(file, '#!/bin/sh\n');
      chmodSync(file, Number.parseInt(spec, 8));
    }
  }
  return root;
}

describe('findExecutableOnPath', () => {
  for (const c of cases) {
    it(c.name, () => {
      const root = build(c.tree);
      const searchPath = c.path.map((p) => join(root, p)).join(':');
      const found = findExecutableOnPath(c.cmd, searchPath);
      expect(found).toBe(c.expect === null ? undefined : join(root, c.expect));
      // Same answer as the library it replaces on the hot path.
      expect(found).toBe(which.sync(c.cmd, { path: searchPath, nothrow: true }) ?? undefined);
    });
  }

  it('agrees with which for real system commands on the real PATH', () => {
    const searchPath = '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin';
    for (const cmd of ['sh', 'bash', 'dash', 'ls', 'env', 'node', 'git', 'no-such-command-xyz']) {
      expect(findExecutableOnPath(cmd, searchPath)).toBe(
        which.sync(cmd, { path: searchPath, nothrow: true }) ?? undefined,
      );
    }
  });

  it('a binary dropped earlier on PATH between two reviews is seen by the second (nothing cached across reviews)', () => {
    const root = build({ 'late/': '0755', 'sys/git': '0755' });
    const env = { HOME: join(root, 'home'), PATH: `${join(root, 'late')}:${join(root, 'sys')}` };
    const provider = createHostFactsProvider(statePaths(env));
    expect(provider.facts(env).resolveCommand('git')).toBe(join(root, 'sys', 'git'));
    writeFileSync(join(root, 'late', 'git'), '#!/bin/sh\n', { mode: 0o755 });
    expect(provider.facts(env).resolveCommand('git')).toBe(join(root, 'late', 'git'));
    // chmod alone (no directory change) is seen too.
    chmodSync(join(root, 'late', 'git'), 0o644);
    expect(provider.facts(env).resolveCommand('git')).toBe(join(root, 'sys', 'git'));
  });
});

describe('isExecutableBy (the execute-bit rule for a non-root caller)', () => {
  // Real stats of real files; only the caller's identity is given, since the tests run as root.
  const root = build({ f: '0644' });
  const file = join(root, 'f');
  const rows: Array<[mode: number, uid: number, groups: number[], expected: boolean]> = [
    [0o700, 1000, [1000], false], // owner-only, file owned by root: not ours
    [0o701, 1000, [1000], true], // other-x applies to everyone
    [0o710, 1000, [0], true], // group-x and we are in the file's group (root's gid 0)
    [0o710, 1000, [1000], false],
    [0o100, 0, [0], true], // root: any x bit
    [0o644, 0, [0], false], // root: no x bit, no exec
  ];
  for (const [mode, uid, groups, expected] of rows) {
    it(`mode ${mode.toString(8)} for uid ${uid} groups ${groups.join(',')} → ${expected}`, () => {
      chmodSync(file, mode);
      expect(isExecutableBy(statSync(file), { uid, groups: new Set(groups) })).toBe(expected);
    });
  }
});
