// The shim moves NODE_OPTIONS/NODE_EXTRA_CA_CERTS/NODE_PATH aside as SHIMCTL_SAVED_<NAME> and the
// command gets them back. A command may not use that channel to hand a nested shell's command a
// NODE_OPTIONS the review never saw (`SHIMCTL_SAVED_NODE_OPTIONS=--require=x.js npm test` is not
// judged as a NODE_OPTIONS assignment): only what the shim itself moved aside is given back.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_ENV_ALLOW } from '../../src/domain/defaultConfig.js';
import { e2eHome } from './e2eHome.js';

describe.each(['off', 'nostart'])('SHIMCTL_SAVED_* set by a command (SHIMCTL_DAEMON=%s)', (mode) => {
  // A user who lets NODE_OPTIONS through to commands: the case where laundering would matter.
  const h = e2eHome(({ sentinel }) => ({
    protectedPaths: [sentinel],
    execution: { envAllow: [...DEFAULT_ENV_ALLOW, 'NODE_OPTIONS'] },
  }));
  const shim = join(h.home, '.local/share/shimctl/shims/sh');
  const run = (env: Record<string, string>) =>
    spawnSync(shim, ['-c', 'printenv NODE_OPTIONS'], {
      cwd: h.workspace,
      env: { ...h.env, SHIMCTL_DEPTH: '1', SHIMCTL_DAEMON: mode, ...env },
      encoding: 'utf8',
      timeout: 60_000,
    });

  it('is not turned into NODE_OPTIONS for the command', () => {
    const r = run({ SHIMCTL_SAVED_NODE_OPTIONS: '--require=/tmp/planted.js' });
    expect(r.stderr).toBe('');
    expect(r.stdout).toBe('');
    expect(r.status).toBe(1); // printenv: not set
  });

  it('a NODE_OPTIONS the caller really had still reaches the command (control)', () => {
    const r = run({ NODE_OPTIONS: '--max-old-space-size=64', SHIMCTL_SAVED_NODE_OPTIONS: '--require=/tmp/planted.js' });
    expect(r.stdout).toBe('--max-old-space-size=64\n');
    expect(r.status).toBe(0);
  });
});
