// `shimctl config quarantine` on real files: it moves only project config names, moves a symlink
// as the link (never what it points at), keeps every byte, records where it came from, refuses
// a quarantine directory that is a link, and (across file systems: /dev/shm is tmpfs here) copies,
// verifies and only then removes.
import {
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readlinkSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SHIMCTL_ONLY_CONFIG_FILES } from '../../../src/domain/projectConfigFiles.js';
import {
  listQuarantine,
  quarantineConfig,
  quarantineDir,
  restoreQuarantined,
} from '../../../src/infrastructure/config/quarantine.js';

const NOW = new Date('2026-12-01T10:00:00Z');
const made: string[] = [];
const dir = (base = tmpdir()): string => {
  const d = mkdtempSync(join(base, 'shimctl-quarantine-'));
  made.push(d);
  return d;
};
afterEach(() => {
  for (const d of made.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('config quarantine', () => {
  it('moves every shimctl-only name, keeps the bytes and records the origin', () => {
    const state = dir();
    const project = dir();
    for (const name of SHIMCTL_ONLY_CONFIG_FILES) {
      const file = join(project, name);
      writeFileSync(file, `content of ${name}`);
      const r = quarantineConfig(state, file, NOW, 'a note');
      expect(r.ok, name).toBe(true);
      if (!r.ok) continue;
      expect(existsSync(file)).toBe(false);
      expect(readFileSync(r.stored, 'utf8')).toBe(`content of ${name}`);
      expect(r.entry).toMatchObject({
        originalPath: file,
        kind: 'file',
        note: 'a note',
        via: 'rename',
        quarantinedAt: NOW.toISOString(),
      });
    }
    expect(
      listQuarantine(state)
        .map((e) => e.originalPath)
        .sort(),
    ).toEqual(SHIMCTL_ONLY_CONFIG_FILES.map((n) => join(project, n)).sort());
    expect(lstatSync(quarantineDir(state)).mode & 0o777).toBe(0o700);
  });

  it.each([
    ['package.json', 'package-json'],
    ['README.md', 'not-a-config-name'],
    ['config.json', 'not-a-config-name'],
    ['.shimctlrc.bak', 'not-a-config-name'],
    ['shimctlrc', 'not-a-config-name'],
  ])('refuses %s (%s) and leaves it in place', (name, reason) => {
    const state = dir();
    const file = join(dir(), name);
    writeFileSync(file, 'x');
    const r = quarantineConfig(state, file, NOW);
    expect(r).toMatchObject({ ok: false, reason });
    expect(readFileSync(file, 'utf8')).toBe('x');
    expect(existsSync(quarantineDir(state))).toBe(false);
  });

  it('says so when nothing is there', () => {
    const r = quarantineConfig(dir(), join(dir(), '.shimctlrc'), NOW);
    expect(r).toMatchObject({ ok: false, reason: 'absent' });
    if (!r.ok) expect(r.message).toContain('shimctl status');
  });

  it('moves a symlinked config as the link itself; the target is untouched', () => {
    const state = dir();
    const project = dir();
    const target = join(dir(), 'precious.txt');
    writeFileSync(target, 'do not move me');
    symlinkSync(target, join(project, '.shimctlrc.json'));
    const r = quarantineConfig(state, join(project, '.shimctlrc.json'), NOW);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.entry).toMatchObject({ kind: 'symlink', linkTarget: target });
    expect(lstatSync(r.stored).isSymbolicLink()).toBe(true);
    expect(readlinkSync(r.stored)).toBe(target);
    expect(readFileSync(target, 'utf8')).toBe('do not move me');
    expect(existsSync(join(project, '.shimctlrc.json'))).toBe(false);
  });

  it('moves a directory where a config should be (config.unreadable) with its contents', () => {
    const state = dir();
    const project = dir();
    mkdirSync(join(project, '.shimctlrc', 'inner'), { recursive: true });
    writeFileSync(join(project, '.shimctlrc', 'inner', 'f'), 'kept');
    const r = quarantineConfig(state, join(project, '.shimctlrc'), NOW);
    expect(r).toMatchObject({ ok: true, entry: { kind: 'directory' } });
    if (r.ok) expect(readFileSync(join(r.stored, 'inner', 'f'), 'utf8')).toBe('kept');
  });

  it('refuses a quarantine directory that is a symlink (it could point anywhere)', () => {
    const state = dir();
    const elsewhere = dir();
    symlinkSync(elsewhere, quarantineDir(state));
    const file = join(dir(), '.shimctlrc');
    writeFileSync(file, 'x');
    const r = quarantineConfig(state, file, NOW);
    expect(r).toMatchObject({ ok: false, reason: 'failed' });
    expect(readFileSync(file, 'utf8')).toBe('x');
  });

  it('copies, verifies and removes across file systems (project on tmpfs /dev/shm)', () => {
    let project: string;
    try {
      project = dir('/dev/shm');
    } catch {
      return; // no tmpfs here: the rename path above is the one that runs
    }
    const state = dir();
    expect(lstatSync(project).dev).not.toBe(lstatSync(state).dev);
    writeFileSync(join(project, 'shimctl.config.yaml'), 'rules: [');
    symlinkSync('/etc/hostname', join(project, '.shimctlrc'));
    const file = quarantineConfig(state, join(project, 'shimctl.config.yaml'), NOW);
    expect(file).toMatchObject({ ok: true, entry: { via: 'copy', kind: 'file' } });
    if (file.ok) expect(readFileSync(file.stored, 'utf8')).toBe('rules: [');
    const link = quarantineConfig(state, join(project, '.shimctlrc'), NOW);
    expect(link).toMatchObject({ ok: true, entry: { via: 'copy', kind: 'symlink', linkTarget: '/etc/hostname' } });
    expect(existsSync(join(project, 'shimctl.config.yaml'))).toBe(false);
    expect(() => lstatSync(join(project, '.shimctlrc'))).toThrow();
    // And back across the same boundary.
    if (file.ok) expect(restoreQuarantined(state, file.entry.id)).toMatchObject({ ok: true });
    expect(readFileSync(join(project, 'shimctl.config.yaml'), 'utf8')).toBe('rules: [');
  });

  it('restores only into an empty place, and only known ids', () => {
    const state = dir();
    const file = join(dir(), '.shimctlrc.yml');
    writeFileSync(file, 'old');
    const r = quarantineConfig(state, file, NOW);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    writeFileSync(file, 'new');
    expect(restoreQuarantined(state, r.entry.id)).toMatchObject({ ok: false, reason: 'occupied' });
    expect(readFileSync(file, 'utf8')).toBe('new');
    rmSync(file);
    expect(restoreQuarantined(state, r.entry.id)).toMatchObject({ ok: true });
    expect(readFileSync(file, 'utf8')).toBe('old');
    expect(listQuarantine(state)).toEqual([]);
    for (const bad of ['../../etc', '20261201T100000Z-zzzzzz', '', r.entry.id]) {
      expect(restoreQuarantined(state, bad), bad).toMatchObject({ ok: false, reason: 'unknown-id' });
    }
  });
});
