import { describe, expect, it } from 'vitest';
import { reduceEnv } from '../../src/application/intercept/reduceEnv.js';

describe('reduceEnv', () => {
  it('gives the Node variables the shim moved aside back to the command, subject to the allow-list', () => {
    const env = {
      PATH: '/bin',
      SHIMCTL_SAVED_NODE_OPTIONS: '--max-old-space-size=64',
      SHIMCTL_SAVED_NODE_PATH: '/lib/node',
    };
    expect(reduceEnv(env, ['PATH', 'NODE_OPTIONS', 'SHIMCTL_*'], {})).toEqual({
      PATH: '/bin',
      NODE_OPTIONS: '--max-old-space-size=64',
    });
    expect(reduceEnv(env, ['PATH', 'SHIMCTL_*'], {})).toEqual({ PATH: '/bin' });
  });

  it('restores only the fixed Node names: a saved LD_PRELOAD turns into nothing', () => {
    const env = { SHIMCTL_SAVED_LD_PRELOAD: '/tmp/evil.so', SHIMCTL_SAVED_BASH_ENV: '/tmp/x' };
    expect(reduceEnv(env, ['*'], {})).toEqual({});
  });

  it('keeps the wiring markers whatever the allow-list says', () => {
    expect(reduceEnv({ PATH: '/bin', SECRET: 'x' }, [], { PATH: '/shims:/bin' })).toEqual({ PATH: '/shims:/bin' });
  });
});

// Issue 17, item 4: the PATH a command runs with has only the absolute entries the review searched.
const pathCases: Array<[string, string]> = [
  ['/usr/bin:/bin', '/usr/bin:/bin'],
  ['bin:/usr/bin', '/usr/bin'],
  [':/usr/bin', '/usr/bin'],
  ['/usr/bin:', '/usr/bin'],
  ['/a::/b', '/a:/b'],
  ['.:/usr/bin:..', '/usr/bin'],
  ['~/bin:/usr/bin', '/usr/bin'],
  ['/with space:/b', '/with space:/b'],
  ['', '/dev/null'],
  ['.', '/dev/null'],
  [':', '/dev/null'],
];

describe('reduceEnv: PATH', () => {
  it.each(pathCases)('PATH=%j runs as %j', (given, expected) => {
    expect(reduceEnv({ PATH: given }, ['PATH'], {}).PATH).toBe(expected);
    // The wiring (which always carries PATH) is cleaned the same way.
    expect(reduceEnv({}, [], { PATH: given }).PATH).toBe(expected);
  });

  it('an absent PATH stays absent', () => {
    expect(reduceEnv({ HOME: '/h' }, ['HOME', 'PATH'], {})).toEqual({ HOME: '/h' });
  });
});
