// The one stale-lock rule of the audit writer's and the shippers' lock files (pidLockFile.ts), as
// a table with real files, a real dead pid and real mtimes.
import { spawnSync } from 'node:child_process';
import { existsSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { breakStaleLock, readLockFilePid } from '../../../src/infrastructure/files/pidLockFile.js';
import { tempDir } from '../../support/tempDirs.js';

const dir = tempDir('shimctl-pidlock-');
// A pid that existed and has ended (reaped by spawnSync), so nothing answers to it now.
const deadPid = spawnSync('/bin/true').pid!;
const STALE_MS = 5_000;

const cases: Array<{ id: string; text: string; ageMs: number; broken: boolean }> = [
  { id: 'a live holder, fresh', text: `${process.ppid}\n`, ageMs: 0, broken: false },
  { id: 'a dead holder, fresh', text: `${deadPid}\n`, ageMs: 0, broken: true },
  {
    id: 'a live holder nobody touched for longer than the limit',
    text: `${process.ppid}\n`,
    ageMs: 60_000,
    broken: true,
  },
  { id: 'still being written (no pid yet), fresh', text: '', ageMs: 0, broken: false },
  { id: 'still being written (no pid yet), old', text: '', ageMs: 60_000, broken: true },
];

describe('breakStaleLock', () => {
  it.each(cases)('$id', (c) => {
    const path = join(dir, `${c.id.replaceAll(/[^a-z]/g, '-')}.lock`);
    writeFileSync(path, c.text);
    const t = new Date(Date.now() - c.ageMs);
    utimesSync(path, t, t);
    expect(breakStaleLock(path, STALE_MS)).toBe(c.broken);
    expect(existsSync(path)).toBe(!c.broken);
  });

  it('reads the holder pid, and nothing from a file without one', () => {
    const path = join(dir, 'read.lock');
    writeFileSync(path, '4242\n');
    expect(readLockFilePid(path)).toBe(4242);
    writeFileSync(path, 'x');
    expect(readLockFilePid(path)).toBeUndefined();
    expect(readLockFilePid(join(dir, 'missing.lock'))).toBeUndefined();
  });
});
