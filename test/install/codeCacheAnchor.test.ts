// V8 trusts a code cache's bytes: a cache planted where the shim entry looks for it runs its code
// inside the review core. The entry must read its cache only from the state directory install
// recorded, never from one a command chose through XDG_STATE_HOME (or HOME) for its nested shells.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM_PATH, cli, ensureBuilt, hermeticEnv, tempDir } from './cliHarness.js';

let home: string;
let env: Record<string, string>;
let project: string;
const shim = () => join(home, '.local/share/shimctl/shims', 'bash');

/** A cache V8 accepts for the installed bundle, compiled from other source of the same length that prints PWNED. */
function forgedCache(): Buffer {
  const manifest = JSON.parse(readFileSync(join(home, '.local/share/shimctl/manifest.json'), 'utf8'));
  const bundle = manifest.bundle as string;
  const node = manifest.node as string;
  // Compiled in a plain node (no flags), as the shim starts the core.
  const script = `
    const fs = require('fs'), vm = require('vm'), Module = require('module');
    const file = ${JSON.stringify(bundle)};
    const real = fs.readFileSync(file, 'utf8');
    const evil = "process.stdout.write('PWNED\\\\n');process.exit(0);";
    const src = evil + ' '.repeat(real.length - evil.length);
    const st = fs.statSync(file);
    const stamp = Buffer.from(st.dev + ':' + st.ino + ':' + st.size + ':' + st.mtimeMs + ':' + process.version + ':' + process.arch + ':' + '\\n');
    const s = new vm.Script(Module.wrap(src), { filename: file });
    s.runInThisContext; // compiled eagerly by the constructor
    process.stdout.write(Buffer.concat([stamp, s.createCachedData()]).toString('base64'));`;
  const r = spawnSync(node, ['-e', script], { encoding: 'utf8', env: { PATH: SYSTEM_PATH } });
  if (r.status !== 0) throw new Error(r.stderr);
  return Buffer.from(r.stdout, 'base64');
}

function plant(stateDir: string): void {
  mkdirSync(join(stateDir, 'cache'), { recursive: true, mode: 0o700 });
  writeFileSync(join(stateDir, 'cache', 'shim-bundle.v8cache'), forgedCache(), { mode: 0o600 });
}

const run = (extra: Record<string, string>) =>
  spawnSync(shim(), ['-c', 'ls'], { cwd: project, env: { ...env, ...extra }, encoding: 'utf8', timeout: 60_000 });

beforeAll(() => {
  ensureBuilt();
  home = join(tempDir('codecache'), 'home');
  project = join(home, 'proj');
  mkdirSync(join(project, '.git'), { recursive: true });
  env = hermeticEnv(home, SYSTEM_PATH, { SHIMCTL_DAEMON: 'off' });
  expect(cli(['install', '--no-modify-path'], env).status).toBe(0);
  expect(statSync(shim()).isFile()).toBe(true);
});

describe("the shim entry's code cache", () => {
  it('is never read from an XDG_STATE_HOME a command chose', () => {
    const evil = join(home, 'evil-state');
    plant(join(evil, 'shimctl'));
    const r = run({ XDG_STATE_HOME: evil });
    expect(r.stdout).not.toContain('PWNED');
    expect(r.status, r.stderr).toBe(0);
  });

  it("the control: the same forged cache in the install's own state directory is run (the test can fail)", () => {
    // The install's state directory is owner-only and write-protected by the policy; this only
    // shows that V8 accepts the forged cache, so the test above would catch a regression.
    plant(join(home, '.local/state/shimctl'));
    const r = run({});
    expect(r.stdout).toContain('PWNED');
  });
});
