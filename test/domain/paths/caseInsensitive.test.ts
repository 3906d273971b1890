// Case-insensitive file systems (macOS's default APFS): `~/.SSH/ID_RSA` opens `~/.ssh/id_rsa`.
// Linux here is case-sensitive, so the host fact is FORCED on top of the real adapter's facts
// (real files, real realpath); the adapter's own probe is checked against this machine.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultConfig } from '../../../src/domain/defaultConfig.js';
import type { PathAccess } from '../../../src/domain/paths/judgePaths.js';
import { judgePaths } from '../../../src/domain/paths/judgePaths.js';
import {
  createHostFactsProvider,
  homeIgnoresCase,
} from '../../../src/infrastructure/hostFacts/createHostFactsProvider.js';
import { statePaths } from '../../../src/infrastructure/paths/statePaths.js';
import type { Fixture } from './fixtureHome.js';
import { makeFixture } from './fixtureHome.js';

/** [path, access, decision when case is ignored]; with case respected every one is allowed or asked, never blocked. */
const CASES: Array<[string, PathAccess, 'block' | 'allow' | 'ask']> = [
  ['$HOME/.SSH/authorized_keys', 'read', 'block'],
  ['$HOME/.KUBE/config', 'read', 'block'],
  ['$HOME/.Aws/Credentials', 'read', 'block'],
  ['$WS/.ENV', 'read', 'block'],
  ['$WS/Server.KEY', 'read', 'block'],
  ['$WS/sub/.AWS/credentials', 'read', 'block'],
  ['$HOME/.BASHRC', 'write', 'block'],
  ['$WS/.GIT/hooks/pre-commit', 'write', 'block'],
  ['$HOME/.CONFIG/SHIMCTL/config.json', 'write', 'block'],
  ['$HOME/.SSH/id_ed25519.PUB', 'read', 'allow'],
  ['$WS/.ENV.EXAMPLE', 'read', 'allow'],
  ['$WS/README.MD', 'read', 'allow'],
];

let fx: Fixture;
beforeAll(() => {
  fx = makeFixture();
});
afterAll(() => fx.cleanup());

function judge(raw: string, access: PathAccess, ignoreCase: boolean) {
  const env = { HOME: fx.home, PATH: '/usr/bin:/bin' };
  const facts = { ...createHostFactsProvider(statePaths(env)).facts(env), caseInsensitivePaths: ignoreCase };
  return judgePaths([{ raw: fx.subst(raw), access }], { cwd: fx.ws, config: defaultConfig(), facts }).verdict;
}

describe('protected paths on a case-insensitive file system (fact forced)', () => {
  for (const [raw, access, decision] of CASES) {
    it(`${access} ${raw} => ${decision} when case is ignored`, () => {
      expect(judge(raw, access, true).decision).toBe(decision);
    });
    if (decision === 'block') {
      it(`${access} ${raw} is another file where case matters`, () => {
        expect(judge(raw, access, false).decision).not.toBe('block');
      });
    }
  }
});

describe('the adapter decides case sensitivity by probing the home directory', () => {
  it('this Linux file system respects case', () => {
    expect(homeIgnoresCase(fx.home)).toBe(false);
    const env = { HOME: fx.home, PATH: '/usr/bin:/bin' };
    expect(createHostFactsProvider(statePaths(env)).facts(env).caseInsensitivePaths).toBe(false);
  });
});
