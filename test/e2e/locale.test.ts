// Issue 17, item 3: the review reads UTF-8, bash parses in the command's locale. Under GB18030,
// BIG5 and Shift_JIS (REAL locales made by localedef, see realLocales.ts) `echo 中\;touch M` is
// one echo to the review and two commands to bash. It must never run: through the bash shim
// (per-command core, compiled client, resident process) and through the BASH_ENV guard.
import { spawnSync } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_ENV_ALLOW } from '../../src/domain/defaultConfig.js';
import { cli, stopDaemon } from '../install/cliHarness.js';
import { e2eHome } from './e2eHome.js';
import { MULTIBYTE_LOCALES, localeSupportMissing, makeLocales } from './realLocales.js';

const missing = localeSupportMissing();
if (missing) {
  // Loud on purpose: these are the only tests with real multibyte locales. `.ci/run` installs `locales`.
  console.warn(`\n*** SKIPPED test/e2e/locale.test.ts: ${missing} (apt-get install -y locales) ***\n`);
}

describe.skipIf(missing !== undefined)('non-ASCII text under a multibyte locale', () => {
  // LOCPATH stands in for a locale installed system-wide: the user's allow-list passes it on so
  // the command really runs in that locale.
  const h = e2eHome(({ sentinel }) => ({
    protectedPaths: [sentinel],
    execution: { envAllow: [...DEFAULT_ENV_ALLOW, 'LOCPATH'] },
  }));
  const shim = join(h.home, '.local/share/shimctl/shims/bash');
  const guard = join(h.home, '.local/share/shimctl/shims/bash_env_guard.bash');
  let locpath = '';
  beforeAll(async () => {
    locpath = await makeLocales();
    expect(cli(['daemon', 'start'], h.env).status).toBe(0);
  }, 180_000);
  afterAll(() => {
    stopDaemon(h.env);
    if (locpath) rmSync(locpath, { recursive: true, force: true });
  });

  const run = (file: string, text: string, env: Record<string, string>) =>
    spawnSync(file, ['-c', text], { cwd: h.workspace, env: { ...h.env, ...env }, encoding: 'utf8', timeout: 60_000 });
  const ways: Array<[string, (text: string, env: Record<string, string>) => ReturnType<typeof run>]> = [
    ['shim, per-command core', (t, e) => run(shim, t, { ...e, SHIMCTL_DAEMON: 'off' })],
    ['shim, compiled client, no resident process', (t, e) => run(shim, t, { ...e, SHIMCTL_DAEMON: 'nostart' })],
    ['shim, resident process', (t, e) => run(shim, t, e)],
    ['/bin/bash with the BASH_ENV guard', (t, e) => run('/bin/bash', t, { ...e, BASH_ENV: guard, SHLVL: '1' })],
  ];

  for (const l of MULTIBYTE_LOCALES) {
    const mark = `split-${l.charmap}`;
    const text = `echo ${l.char}\\;touch ${mark}`;
    const env = () => ({ LOCPATH: locpath, LC_ALL: l.name });

    it(`${l.name}: real bash runs the hidden second command (the differential exists)`, () => {
      rmSync(join(h.workspace, mark), { force: true });
      const r = spawnSync('/bin/bash', ['-c', text], {
        cwd: h.workspace,
        env: { ...h.env, ...env() },
        encoding: 'utf8',
      });
      expect(r.status).toBe(0);
      expect(existsSync(join(h.workspace, mark))).toBe(true);
    });

    for (const [way, go] of ways) {
      it(`${l.name}: refused, nothing runs (${way})`, () => {
        rmSync(join(h.workspace, mark), { force: true });
        const r = go(text, env());
        expect(existsSync(join(h.workspace, mark)), `the hidden command ran: ${r.stdout} ${r.stderr}`).toBe(false);
        expect(r.status).toBe(126);
        expect(r.stderr).toContain('syntax.locale');
      });
    }

    it(`${l.name}: under C.UTF-8 the same text is one echo, allowed, and prints its argument`, () => {
      rmSync(join(h.workspace, mark), { force: true });
      const r = ways[0]![1](text, { LC_ALL: 'C.UTF-8' });
      expect(r.status, r.stderr).toBe(0);
      expect(r.stdout).toBe(`${l.char};touch ${mark}\n`);
      expect(existsSync(join(h.workspace, mark))).toBe(false);
    });

    it(`${l.name}: set inside the text for a nested /bin/bash (the outer shell parses in C): refused`, () => {
      rmSync(join(h.workspace, mark), { force: true });
      const r = ways[0]![1](`LC_ALL=${l.name} /bin/bash -c '${text}'`, { LOCPATH: locpath, LC_ALL: 'C' });
      expect(existsSync(join(h.workspace, mark)), `the hidden command ran: ${r.stdout} ${r.stderr}`).toBe(false);
      expect(r.status).toBe(126);
      expect(r.stderr).toContain('syntax.locale');
    });

    it(`${l.name}: pure ASCII text under that locale runs as reviewed`, () => {
      const r = ways[0]![1]('echo a\\;b', env());
      expect(r.status, r.stderr).toBe(0);
      expect(r.stdout).toBe('a;b\n');
    });
  }
});
