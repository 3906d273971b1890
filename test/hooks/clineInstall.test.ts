// `shimctl install` puts its Cline PreToolUse hook into Cline's global hooks directory when cline is
// on PATH, leaves a hook of the user's alone, and `uninstall` takes exactly its own away again.
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cli, ensureBuilt, hermeticEnv, ROOT, SYSTEM_PATH, tempDir } from '../install/cliHarness.js';
import { fakeAgent, makeHookWorld, stopHookWorlds } from './hookHarness.js';

afterAll(stopHookWorlds);

const FAKE_AGENTS = join(ROOT, 'test', 'fakeAgents', 'bin');
const clineHook = (home: string) => join(home, 'Documents', 'Cline', 'Hooks', 'PreToolUse');

describe('Cline global hook', () => {
  it('is installed next to the shims when cline is on PATH, and blocks through it', () => {
    const world = makeHookWorld('cline-install', FAKE_AGENTS);
    const hook = clineHook(world.home);
    expect(existsSync(hook)).toBe(true);
    expect(statSync(hook).mode & 0o777).toBe(0o755);
    expect(readFileSync(hook, 'utf8')).toBe(readFileSync(join(world.shimDir, 'hooks', 'cline-pretooluse'), 'utf8'));
    const r = fakeAgent(world, 'cline', 'find .. -delete', { hook });
    expect(r, JSON.stringify(r)).toMatchObject({ blocked: true, ran: false });
    expect(readFileSync(world.sentinel, 'utf8')).toBe('must survive\n');

    const un = cli(['uninstall'], world.env);
    expect(un.status, un.stderr).toBe(0);
    expect(existsSync(hook)).toBe(false);
    expect(existsSync(join(world.home, 'Documents')), 'the directories install created are gone too').toBe(false);
  });

  it("leaves the user's own PreToolUse hook alone and still installs", () => {
    ensureBuilt();
    const home = tempDir('cline-foreign');
    const hook = clineHook(home);
    mkdirSync(join(hook, '..'), { recursive: true });
    writeFileSync(hook, '#!/bin/sh\necho \'{"cancel":false}\'\n', { mode: 0o755 });
    const env = hermeticEnv(home, `${FAKE_AGENTS}:${SYSTEM_PATH}`);
    const r = cli(['install', '--no-modify-path'], env);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toContain(`left ${hook} alone`);
    expect(readFileSync(hook, 'utf8')).toBe('#!/bin/sh\necho \'{"cancel":false}\'\n');
    expect(cli(['install', '--no-modify-path'], env).stdout).toContain('Already installed');
    expect(cli(['uninstall'], env).status).toBe(0);
    expect(readFileSync(hook, 'utf8'), 'uninstall does not touch it either').toBe(
      '#!/bin/sh\necho \'{"cancel":false}\'\n',
    );
  });

  it('is not written when cline is not on PATH', () => {
    const world = makeHookWorld('no-cline');
    expect(existsSync(clineHook(world.home))).toBe(false);
  });
});
