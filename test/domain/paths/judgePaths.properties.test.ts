// Property tests: any spelling of a protected file or a root, built by inserting `.`, `..`,
// `//` and symlink detours, is still caught. Real files and symlinks in a temporary HOME.
import { symlinkSync } from 'node:fs';
import { posix } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultConfig } from '../../../src/domain/defaultConfig.js';
import type { PathAccess } from '../../../src/domain/paths/judgePaths.js';
import { judgePaths } from '../../../src/domain/paths/judgePaths.js';
import type { HostFacts } from '../../../src/domain/reviewRequest.js';
import { createHostFactsProvider } from '../../../src/infrastructure/hostFacts/createHostFactsProvider.js';
import { statePaths } from '../../../src/infrastructure/paths/statePaths.js';
import type { Fixture } from './fixtureHome.js';
import { makeFixture } from './fixtureHome.js';

let fx: Fixture;
let facts: HostFacts;
beforeAll(() => {
  fx = makeFixture();
  const env = { HOME: fx.home };
  facts = createHostFactsProvider(statePaths(env)).facts(env);
});
afterAll(() => fx.cleanup());

/** Re-spells an absolute path: noise per segment, then absolute or relative to the workspace. */
const noisy = (target: () => string) =>
  fc
    .record({
      noise: fc.array(fc.constantFrom('', './', '/', 'safe/../', 'src/../', 'x/../', './/'), {
        minLength: 12,
        maxLength: 12,
      }),
      relative: fc.boolean(),
      trailing: fc.constantFrom('', '/', '/.'),
    })
    .map(({ noise, relative, trailing }) => {
      const t = target();
      const base = relative ? posix.relative(fx.ws, t) || '.' : t;
      const segs = base.split('/');
      const spelled = segs.map((s, i) => (i === 0 ? s : `${noise[i % noise.length]}${s}`)).join('/');
      return spelled + (t.endsWith('id_ed25519') ? '' : trailing);
    });

const judge = (raw: string, access: PathAccess, recursive = false) =>
  judgePaths([{ raw, access, recursive }], { cwd: fx.ws, config: defaultConfig(), facts }).verdict;

describe('judgePaths properties', () => {
  it('every spelling of ~/.ssh/id_ed25519 is refused for reading', () => {
    fc.assert(
      fc.property(
        noisy(() => `${fx.home}/.ssh/id_ed25519`),
        (raw) => {
          const v = judge(raw, 'read');
          expect(v.decision, raw).toBe('block');
          expect(v.reasons.map((r) => r.code)).toContain('path.protected');
        },
      ),
      { numRuns: 1000 },
    );
  });
  it('every spelling of the home directory and of / is a critical root deletion', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          noisy(() => fx.home),
          noisy(() => '/'),
          noisy(() => fx.root),
        ),
        fc.boolean(),
        (raw, recursive) => {
          const v = judge(raw, 'delete', recursive);
          expect(v.decision, raw).toBe('block');
          expect(v.risk).toBe('critical');
          expect(v.reasons.map((r) => r.code)).toContain('path.root_deletion');
        },
      ),
      { numRuns: 1000 },
    );
  });
  it('a symlink detour (workspace link into ~/.ssh, or to / and back) does not hide the target', () => {
    const detours = fc.constantFrom(
      'keys/id_ed25519',
      'homelink/.ssh/id_ed25519',
      'rootlink' + fx.home + '/.ssh/id_ed25519',
      'up/home/.ssh/id_ed25519',
      'sp/../id_ed25519',
      'up/ws/keys/id_ed25519',
    );
    fc.assert(
      fc.property(detours, (raw) => {
        expect(judge(raw, 'read').decision, raw).toBe('block');
        expect(judge(raw, 'write').decision, raw).toBe('block');
      }),
    );
  });
  it('ordinary workspace files are never blocked for reading or writing', () => {
    const files = fc.constantFrom(
      'src/main.ts',
      'README.md',
      'safe/inner/.keep',
      'dist/out.js',
      'docs/env.md',
      '.env.example',
      'id_rsa.pub',
    );
    fc.assert(
      fc.property(files, fc.constantFrom('', './', 'safe/../'), (f, prefix) => {
        f = prefix + f;
        expect(judge(f, 'read').decision).toBe('allow');
        expect(judge(f, 'write').decision).toBe('allow');
      }),
    );
  });
});

describe('shimctl state under XDG directories', () => {
  it('protects the XDG config and state dirs given by the adapter, not just the HOME defaults', () => {
    const env = { HOME: fx.home, XDG_CONFIG_HOME: `${fx.root}/xdgcfg`, XDG_STATE_HOME: `${fx.root}/xdgstate` };
    const xdgFacts = createHostFactsProvider(statePaths(env)).facts(env);
    const ctx = { cwd: fx.ws, config: defaultConfig(), facts: xdgFacts };
    for (const raw of [
      `${fx.root}/xdgcfg/shimctl/config.json`,
      `${fx.root}/xdgstate/shimctl/approvals/x.json`,
      `../xdgstate/shimctl/audit/audit.jsonl`,
    ]) {
      const v = judgePaths([{ raw, access: 'write' }], ctx).verdict;
      expect(v.decision, raw).toBe('block');
      expect(v.reasons.map((r) => r.code)).toEqual(['path.self_protection']);
    }
    expect(judgePaths([{ raw: `${fx.root}/xdgcfg/shimctl/config.json`, access: 'read' }], ctx).verdict.decision).toBe(
      'allow',
    );
  });
});

describe('fail closed', () => {
  it('a host-facts failure becomes an internal.error block, not an allow', () => {
    const broken: HostFacts = {
      ...facts,
      realpath: () => {
        throw new Error('EIO');
      },
    };
    const r = judgePaths([{ raw: 'src/main.ts', access: 'read' }], {
      cwd: fx.ws,
      config: defaultConfig(),
      facts: broken,
    });
    expect(r.verdict.decision).toBe('block');
    expect(r.verdict.reasons[0]!.code).toBe('internal.error');
  });
});

describe('a symlinked home directory', () => {
  it('matches ~ patterns against the real home too, so a link to the real ~/.ssh is still caught', () => {
    // HOME names the symlink $T/homealias -> $T/home; the workspace link `keys` resolves to the
    // real $T/home/.ssh, which the `~/.ssh/**` pattern (spelled with the alias) would miss.
    const alias = `${fx.root}/homealias`;
    symlinkSync(fx.home, alias);
    const env = { HOME: alias };
    const aliasFacts = createHostFactsProvider(statePaths(env)).facts(env);
    const ctx = { cwd: fx.ws, config: defaultConfig(), facts: aliasFacts };
    expect(judgePaths([{ raw: 'keys/authorized_keys', access: 'read' }], ctx).verdict.decision).toBe('block');
    expect(judgePaths([{ raw: `${fx.home}/.aws/config`, access: 'read' }], ctx).verdict.decision).toBe('block');
    const del = judgePaths([{ raw: fx.home, access: 'delete' }], ctx).verdict;
    expect(del.risk).toBe('critical');
  });
});
