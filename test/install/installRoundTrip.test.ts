import { chmodSync, existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM_PATH, cli, ensureBuilt, hermeticEnv, snapshot, tempDir } from './cliHarness.js';

beforeAll(ensureBuilt);

/** A home with the awkward cases: no trailing newline, CRLF, a symlinked rc file, an existing ~/.bash_profile. */
function populatedHome(): { home: string; bin: string } {
  const root = tempDir('home');
  const home = join(root, 'home');
  const bin = join(root, 'bin');
  mkdirSync(join(home, 'dotfiles'), { recursive: true });
  mkdirSync(bin);
  writeFileSync(join(home, '.bashrc'), 'alias ll="ls -l"\nexport EDITOR=vim'); // no trailing newline
  writeFileSync(join(home, '.profile'), '# profile\r\nexport A=1\r\n'); // CRLF
  writeFileSync(join(home, '.bash_profile'), '. ~/.profile\n');
  chmodSync(join(home, '.bash_profile'), 0o600);
  writeFileSync(join(home, 'dotfiles', 'zshrc'), 'setopt autocd\n');
  symlinkSync('dotfiles/zshrc', join(home, '.zshrc'));
  writeFileSync(join(home, 'notes.txt'), 'untouched');
  for (const agent of ['claude', 'gemini', 'codex']) {
    writeFileSync(join(bin, agent), '#!/bin/sh\necho "$0"\n');
    chmodSync(join(bin, agent), 0o755);
  }
  return { home, bin };
}

describe('install / uninstall', () => {
  it('round trip leaves a populated home byte-identical apart from the state dir', () => {
    const { home, bin } = populatedHome();
    const env = hermeticEnv(home, `${bin}:${SYSTEM_PATH}`);
    const state = join(home, '.local', 'state');
    const before = snapshot(home);
    const ins = cli(['install'], env);
    expect(ins.stderr).toBe('');
    expect(ins.status).toBe(0);
    expect(ins.stdout).toMatch(/agent claude/);
    expect(ins.stdout).toMatch(/agent codex/);
    // Every rc file got the block, through the symlink for ~/.zshrc, and ~/.bash_profile was edited, not created.
    for (const f of ['.bashrc', '.profile', '.bash_profile', 'dotfiles/zshrc'])
      expect(readFileSync(join(home, f), 'utf8')).toContain('# >>> shimctl >>>');
    expect(readFileSync(join(home, '.bashrc'), 'utf8')).toMatch(/export EDITOR=vim\n# >>> shimctl >>>/);
    expect(snapshot(home)['/.zshrc']).toBe('link -> dotfiles/zshrc');
    expect(snapshot(home)['/.bash_profile']).toMatch(/^file 600 /);
    const un = cli(['uninstall'], env);
    expect(un.status).toBe(0);
    expect(snapshot(home, [state])).toEqual(before);
  });

  it('is idempotent: a second install changes nothing, not even the manifest', () => {
    const { home, bin } = populatedHome();
    const env = hermeticEnv(home, `${bin}:${SYSTEM_PATH}`);
    expect(cli(['install'], env).status).toBe(0);
    const once = snapshot(home);
    const again = cli(['install'], env);
    expect(again.status).toBe(0);
    expect(again.stdout).toContain('nothing changed');
    expect(snapshot(home)).toEqual(once);
  });

  it('refuses to overwrite a file it does not own, names it, and changes nothing', () => {
    const { home, bin } = populatedHome();
    const env = hermeticEnv(home, `${bin}:${SYSTEM_PATH}`);
    const foreign = join(home, '.local', 'share', 'shimctl', 'shims', 'bash');
    mkdirSync(join(foreign, '..'), { recursive: true });
    writeFileSync(foreign, '#!/bin/sh\necho mine\n');
    const before = snapshot(home);
    const r = cli(['install'], env);
    expect(r.status).toBe(1);
    expect(r.stderr).toContain(`refusing to overwrite ${foreign}`);
    expect(snapshot(home)).toEqual(before);
  });

  it('leaves a launcher the user changed after install in place, and says so', () => {
    const { home, bin } = populatedHome();
    const env = hermeticEnv(home, `${bin}:${SYSTEM_PATH}`);
    expect(cli(['install'], env).status).toBe(0);
    const launcher = join(home, '.local', 'share', 'shimctl', 'bin', 'claude');
    writeFileSync(launcher, `${readFileSync(launcher, 'utf8')}# my edit\n`);
    const r = cli(['uninstall'], env);
    expect(r.status).toBe(1);
    expect(r.stderr).toContain(`kept ${launcher}`);
    expect(readFileSync(launcher, 'utf8')).toContain('# my edit');
    expect(existsSync(join(home, '.local', 'share', 'shimctl', 'bin', 'gemini'))).toBe(false);
    expect(readFileSync(join(home, '.bashrc'), 'utf8')).toBe('alias ll="ls -l"\nexport EDITOR=vim');
  });

  it('succeeds with no agent on PATH (a fresh CI machine), writes the shims and says how to add one', () => {
    const home = join(tempDir('bare'), 'home');
    mkdirSync(home);
    const env = hermeticEnv(home, SYSTEM_PATH);
    const r = cli(['install'], env);
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('No agent was found on PATH');
    expect(r.stdout).toContain('--agent NAME=');
    expect(existsSync(join(home, '.local', 'share', 'shimctl', 'shims', 'bash'))).toBe(true);
    // ~/.profile and ~/.bashrc were created (and go again on uninstall); ~/.bash_profile never is.
    expect(existsSync(join(home, '.bash_profile'))).toBe(false);
    expect(cli(['uninstall'], env).status).toBe(0);
    expect(snapshot(home, [join(home, '.local', 'state')])).toEqual({});
  });

  it('--no-modify-path prints the line and leaves start-up files alone; --dry-run changes nothing', () => {
    const { home, bin } = populatedHome();
    const env = hermeticEnv(home, `${bin}:${SYSTEM_PATH}`);
    const before = snapshot(home);
    const dry = cli(['install', '--dry-run'], env);
    expect(dry.status).toBe(0);
    expect(dry.stdout).toContain('would write');
    expect(snapshot(home)).toEqual(before);
    const r = cli(['install', '--no-modify-path'], env);
    expect(r.status).toBe(0);
    expect(r.stdout).toContain(`PATH='${join(home, '.local/share/shimctl/bin')}'`);
    expect(readFileSync(join(home, '.bashrc'), 'utf8')).toBe('alias ll="ls -l"\nexport EDITOR=vim');
  });

  it('--agent adds a program by hand; status --json lists it with the documented keys', () => {
    const { home, bin } = populatedHome();
    const env = hermeticEnv(home, `${bin}:${SYSTEM_PATH}`);
    writeFileSync(join(bin, 'myagent'), '#!/bin/sh\n');
    chmodSync(join(bin, 'myagent'), 0o755);
    expect(cli(['install', '--agent', `myagent=${join(bin, 'myagent')}`, '--no-modify-path'], env).status).toBe(0);
    const s = JSON.parse(cli(['status', '--json'], env).stdout);
    expect(Object.keys(s)).toEqual(expect.arrayContaining(['launcherDir', 'shimDir', 'auditLog', 'agents']));
    const mine = s.agents.find((a: { name: string }) => a.name === 'myagent');
    expect(mine).toMatchObject({
      realPath: join(bin, 'myagent'),
      launcher: join(s.launcherDir, 'myagent'),
      coverage: 'partial',
    });
    expect(s.agents.find((a: { name: string }) => a.name === 'codex')).toMatchObject({ coverage: 'guard' });
  });

  it('never picks its own launcher as the real agent, even when the launcher dir is first on PATH', () => {
    const { home, bin } = populatedHome();
    const env = hermeticEnv(home, `${bin}:${SYSTEM_PATH}`);
    expect(cli(['install', '--no-modify-path'], env).status).toBe(0);
    const launchers = join(home, '.local/share/shimctl/bin');
    const env2 = hermeticEnv(home, `${launchers}:${bin}:${SYSTEM_PATH}`);
    expect(cli(['install', '--no-modify-path'], env2).stdout).toContain('nothing changed');
    const s = JSON.parse(cli(['status', '--json'], env2).stdout);
    expect(s.agents.find((a: { name: string }) => a.name === 'claude').realPath).toBe(join(bin, 'claude'));
  });
});
