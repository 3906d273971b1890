// A path through /dev/fd/N or /proc/self/cwd is judged exactly as the path it maps to (attack pass
// 13: `cp x /dev/fd/3/shim-entry.cjs 3<…/shims` was only system_write/ask), and one the review
// cannot map asks. Real files and the real host-facts adapter, as in judgePaths.test.ts.
import { symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultConfig } from '../../../src/domain/defaultConfig.js';
import type { PathAccess } from '../../../src/domain/paths/judgePaths.js';
import { judgePaths } from '../../../src/domain/paths/judgePaths.js';
import type { FdMap } from '../../../src/domain/paths/processPaths.js';
import { createHostFactsProvider } from '../../../src/infrastructure/hostFacts/createHostFactsProvider.js';
import { statePaths } from '../../../src/infrastructure/paths/statePaths.js';
import type { Fixture } from './fixtureHome.js';
import { makeFixture } from './fixtureHome.js';

let fx: Fixture;
beforeAll(() => {
  fx = makeFixture();
});
afterAll(() => fx.cleanup());

function judge(raw: string, access: PathAccess, opts: { cwd?: string; fds?: FdMap; recursive?: boolean } = {}) {
  const env = { HOME: fx.home, PATH: '/usr/bin:/bin' };
  const facts = createHostFactsProvider(statePaths(env)).facts(env);
  const ctx = { cwd: opts.cwd ?? fx.ws, config: defaultConfig(), facts, ...(opts.fds ? { fds: opts.fds } : {}) };
  const v = judgePaths([{ raw, access, recursive: opts.recursive ?? false }], ctx).verdict;
  return {
    decision: v.decision,
    risk: v.risk,
    codes: v.reasons.map((r) => r.code).sort(),
    rules: [...v.rule_ids].sort(),
  };
}

// [directory opened on fd 3, path below it, access, recursive]
const MAPPED: Array<[string, string, PathAccess, boolean]> = [
  ['$HOME', '.ssh/id_ed25519', 'read', false],
  ['$HOME', '.aws/credentials', 'read', false],
  ['$HOME', '.bashrc', 'write', false],
  ['$HOME', '', 'read', true],
  ['$HOME/.local/share/shimctl/shims', 'shim-entry.cjs', 'write', false],
  ['$HOME/.local/share/shimctl', 'shims', 'delete', true],
  ['$HOME/.ssh', '../.aws/credentials', 'read', false],
  ['$WS', 'README.md', 'read', false],
  ['$WS', 'out.txt', 'write', false],
  ['/etc', 'passwd', 'write', false],
];

describe('a path through a descriptor the command opened is judged as the path it maps to', () => {
  for (const [dir, rel, access, recursive] of MAPPED) {
    it(`${access}${recursive ? ' -r' : ''} /dev/fd/3/${rel} with 3<${dir}`, () => {
      const opened = fx.subst(dir);
      const direct = judge(rel ? `${opened}/${rel}` : opened, access, { recursive });
      const fds = new Map([[3, opened]]);
      for (const via of [`/dev/fd/3/${rel}`, `/proc/self/fd/3/${rel}`, `/proc/thread-self/fd/3/${rel}`]) {
        expect(judge(via, access, { fds, recursive }), via).toEqual(direct);
      }
    });
  }

  it('the self-protection block is critical through the descriptor too', () => {
    const fds = new Map([[3, fx.subst('$HOME/.local/share/shimctl/shims')]]);
    const v = judge('/dev/fd/3/shim-entry.cjs', 'write', { fds });
    expect([v.decision, v.risk]).toEqual(['block', 'critical']);
    expect(v.codes).toContain('path.self_protection');
  });
});

describe("/proc/self/cwd is the command's cwd, not the reviewer's", () => {
  for (const [rel, access, decision] of [
    ['../../home/.aws/credentials', 'read', 'block'],
    ['../../home/.bashrc', 'write', 'block'],
    ['../README.md', 'read', 'allow'],
  ] as Array<[string, PathAccess, string]>) {
    it(`${access} /proc/self/cwd/${rel} in ws/src (HOME is a sibling of ws)`, () => {
      const cwd = `${fx.ws}/src`;
      const direct = judge(rel, access, { cwd });
      expect(direct.decision).toBe(decision);
      expect(judge(`/proc/self/cwd/${rel}`, access, { cwd })).toEqual(direct);
      expect(judge(`/dev/fd/../cwd/${rel}`, access, { cwd })).toEqual(direct);
    });
  }
});

describe('a process-dependent path the review cannot map asks', () => {
  const cases: Array<[string, PathAccess]> = [
    ['/dev/fd/3/x', 'read'],
    ['/dev/fd/3', 'write'],
    ['/dev/stdin/x', 'read'],
    ['/proc/1/cwd/x', 'read'],
    ['/proc/1/fd/3/x', 'write'],
    ['/proc/self/task/1/cwd/x', 'read'],
  ];
  for (const [raw, access] of cases) {
    it(`${access} ${raw}`, () => {
      const v = judge(raw, access);
      expect(v.decision).toBe('ask');
      expect(v.codes).toContain('path.process_relative');
    });
  }
  it('a workspace symlink to /dev/fd or /proc/self/fd is not resolved through the reviewer (ln -s /dev/fd l; cat l/3/x 3<~)', () => {
    symlinkSync('/dev/fd', join(fx.ws, 'fdlink'));
    symlinkSync('/proc/self/fd', join(fx.ws, 'fdlink2'));
    // The link is not followed in the reviewer's process: it is mapped through the command's own
    // descriptors (3<~ here), as a spelled /dev/fd path is, or asked when it cannot be.
    const fds = { fds: new Map([[3, fx.home]]) };
    const secret = judge('fdlink/3/.aws/credentials', 'read', fds);
    expect(secret.decision).toBe('block');
    expect(secret.codes).toContain('path.protected');
    const unopened = judge('fdlink/9/notes', 'read', fds);
    expect(unopened.decision).not.toBe('allow');
    expect(unopened.codes).toContain('path.process_relative');
    expect(judge('fdlink2/3/x', 'read', fds)).toEqual(judge(`${fx.home}/x`, 'read'));
    expect(judge('fdlink2/3/.ssh/id_rsa', 'read', fds).decision).toBe('block');
  });
  it('another process root still blocks a secret below it', () => {
    const v = judge(`/proc/1/root${fx.home}/.aws/credentials`, 'read');
    expect(v.decision).toBe('block');
    expect(v.codes).toContain('path.process_relative');
  });
});

describe('ordinary device and /proc paths stay allowed', () => {
  const cases: Array<[string, PathAccess]> = [
    ['/dev/null', 'write'],
    ['/dev/null', 'read'],
    ['/dev/stderr', 'write'],
    ['/dev/stdout', 'write'],
    ['/dev/stdin', 'read'],
    ['/dev/fd/2', 'write'],
    ['/proc/cpuinfo', 'read'],
    ['/proc/self/status', 'read'],
    ['/proc/self/limits', 'read'],
    ['/proc/self/', 'read'],
  ];
  for (const [raw, access] of cases) it(`${access} ${raw}`, () => expect(judge(raw, access).decision).toBe('allow'));
  it('reading the command’s own environment is still protected', () => {
    expect(judge('/proc/self/environ', 'read').decision).toBe('block');
    expect(judge('/proc/thread-self/environ', 'read').decision).toBe('block');
  });
});
