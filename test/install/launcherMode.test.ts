// The launcher's mode option (docs/modes.md), run with real sh and dash: `--shimctl-mode=NAME` as
// the first argument (removed before the agent sees its arguments) or SHIMCTL_MODE; an unknown
// name refuses to start; SHIMCTL_WORKSPACE is the launch directory. The agent is a stub script.
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../support/tempDirs.js';

const root = tempDir('shimctl-launcher-mode-');
const shims = join(root, 'shims');
const agent = join(root, 'agent');
const launcher = join(root, 'launcher');
mkdirSync(shims);
for (const s of ['bash', 'sh']) {
  writeFileSync(join(shims, s), '#!/bin/sh\n');
  chmodSync(join(shims, s), 0o755);
}
writeFileSync(
  agent,
  '#!/bin/sh\nprintf "mode=%s ws=%s args=%s\\n" "${SHIMCTL_MODE-unset}" "${SHIMCTL_WORKSPACE-unset}" "$*"\n',
);
chmodSync(agent, 0o755);
const template = readFileSync(new URL('../../shims/launcher.sh', import.meta.url), 'utf8');
writeFileSync(
  launcher,
  template
    .replace(/@AGENT@/g, 'stub')
    .replace(/@REAL_AGENT@/g, agent)
    .replace(/@LAUNCHER_DIR@/g, join(root, 'bin'))
    .replace(/@SHIM_DIR@/g, shims)
    .replace(/@WIRING@/g, '')
    .replace(/@EXTRA_ARGS@/g, ''),
);

const run = (shell: string, args: string[], env: Record<string, string> = {}) =>
  spawnSync(shell, [launcher, ...args], {
    cwd: root,
    encoding: 'utf8',
    env: { HOME: root, PATH: '/usr/bin:/bin', ...env },
  });

describe.each(['/bin/sh', '/bin/dash'])('launcher mode (%s)', (shell) => {
  it('takes --shimctl-mode=NAME first and drops it from the agent arguments', () => {
    const r = run(shell, ['--shimctl-mode=plan', '--print', 'hi']);
    expect(r.stdout).toBe(`mode=plan ws=${root} args=--print hi\n`);
  });
  it('passes SHIMCTL_MODE through; none set means none', () => {
    expect(run(shell, ['x'], { SHIMCTL_MODE: 'acceptEdits' }).stdout).toBe(`mode=acceptEdits ws=${root} args=x\n`);
    expect(run(shell, ['x']).stdout).toBe(`mode=unset ws=${root} args=x\n`);
  });
  it('refuses an unknown mode before starting the agent', () => {
    const r = run(shell, ['--shimctl-mode=turbo']);
    expect(r.status).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain("'turbo' is not a mode");
  });
});
