import { execFileSync } from 'node:child_process';
import { chmodSync, chownSync, mkdirSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { AuditUnavailableError } from '../../../src/application/ports/auditLog.js';
import { createAuditLog } from '../../../src/infrastructure/audit/createAuditLog.js';
import { statePaths } from '../../../src/infrastructure/paths/statePaths.js';
import { record, tempHome } from './auditTestKit.js';

const config = { maxBytes: 0, keep: 0 };

function logFor(home: string) {
  const paths = statePaths({ HOME: home });
  return { paths, log: createAuditLog(paths, config) };
}

const mode = (p: string): number => statSync(p).mode & 0o777;

describe('audit file permissions', () => {
  it('creates the directory 0700 and the file 0600', async () => {
    const { paths, log } = logFor(tempHome());
    const w = await log.open();
    await w.write(record());
    await w.close();
    expect(mode(paths.auditDir)).toBe(0o700);
    expect(mode(paths.auditLog)).toBe(0o600);
  });

  it('tightens an existing directory and file that are too open', async () => {
    const { paths, log } = logFor(tempHome());
    mkdirSync(paths.auditDir, { recursive: true });
    chmodSync(paths.auditDir, 0o755);
    writeFileSync(paths.auditLog, '');
    chmodSync(paths.auditLog, 0o666);
    const w = await log.open();
    await w.close();
    expect(mode(paths.auditDir)).toBe(0o700);
    expect(mode(paths.auditLog)).toBe(0o600);
  });

  it('refuses a log file owned by another user, with a message', async () => {
    const { paths, log } = logFor(tempHome());
    mkdirSync(paths.auditDir, { recursive: true });
    writeFileSync(paths.auditLog, '');
    chownSync(paths.auditLog, 65534, 65534);
    await expect(log.open()).rejects.toThrow(/belongs to uid 65534/);
  });

  it('refuses an audit directory owned by another user', async () => {
    const { paths, log } = logFor(tempHome());
    mkdirSync(paths.auditDir, { recursive: true });
    chownSync(paths.auditDir, 65534, 65534);
    await expect(log.open()).rejects.toBeInstanceOf(AuditUnavailableError);
  });
});

describe('an unwritable audit makes open() reject with AuditUnavailableError', () => {
  it('when a file stands where the audit directory should be', async () => {
    const { paths, log } = logFor(tempHome());
    mkdirSync(paths.stateDir, { recursive: true });
    writeFileSync(paths.auditDir, 'not a directory');
    await expect(log.open()).rejects.toBeInstanceOf(AuditUnavailableError);
  });

  it('when the log path is a directory', async () => {
    const { paths, log } = logFor(tempHome());
    mkdirSync(paths.auditLog, { recursive: true });
    await expect(log.open()).rejects.toBeInstanceOf(AuditUnavailableError);
  });

  it('when the log is a symlink to a device (/dev/full): never followed', async () => {
    const { paths, log } = logFor(tempHome());
    mkdirSync(paths.auditDir, { recursive: true });
    symlinkSync('/dev/full', paths.auditLog);
    await expect(log.open()).rejects.toThrow(/ELOOP/);
  });
});

// A real full file system: a tiny tmpfs. Needs CAP_SYS_ADMIN (root in CI); skipped, loudly, without it.
const mounts: string[] = [];
function tryMountTmpfs(sizeKb: number): string | null {
  const dir = join(tempHome(), 'fs');
  mkdirSync(dir);
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${sizeKb}k`, 'tmpfs', dir], { stdio: 'ignore' });
    mounts.push(dir);
    return dir;
  } catch {
    return null;
  }
}
afterAll(() => {
  for (const m of mounts) execFileSync('umount', [m]);
});
const canMount = tryMountTmpfs(16) !== null;

describe.skipIf(!canMount)('a full file system (tmpfs)', () => {
  it('open() rejects when the file system is already full', async () => {
    const home = tryMountTmpfs(32)!;
    writeFileSync(join(home, 'filler'), Buffer.alloc(30 * 1024));
    await expect(logFor(home).log.open()).rejects.toThrow(/full|ENOSPC/);
  });

  it('write() rejects when the disk fills up while writing (ENOSPC)', async () => {
    const home = tryMountTmpfs(256)!;
    const { log } = logFor(home);
    const w = await log.open();
    let error: unknown;
    try {
      for (let i = 0; i < 2000; i++) await w.write(record({ command: `echo ${'z'.repeat(7000)}` }));
    } catch (err) {
      error = err;
    }
    await w.close();
    expect(error).toBeInstanceOf(AuditUnavailableError);
    expect(String(error)).toMatch(/ENOSPC|short write/);
  });
});
