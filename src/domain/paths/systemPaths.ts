// Where deletion is catastrophic and where writing changes the system rather than a project.
import { isStrictAncestor, isWithin } from './posixPath.js';

/** Top-level directories whose deletion destroys the system (deleting `/home` deletes every user). */
export const CRITICAL_DIRECTORIES = [
  '/',
  '/bin',
  '/boot',
  '/dev',
  '/etc',
  '/home',
  '/lib',
  '/lib32',
  '/lib64',
  '/libx32',
  '/media',
  '/mnt',
  '/opt',
  '/proc',
  '/root',
  '/run',
  '/sbin',
  '/snap',
  '/srv',
  '/sys',
  '/tmp',
  '/usr',
  '/var',
  '/usr/bin',
  '/usr/sbin',
  '/usr/lib',
  '/usr/lib64',
  '/usr/local',
  '/usr/share',
  '/usr/include',
  '/var/lib',
  '/var/log',
  '/var/cache',
  '/var/spool',
  '/var/mail',
  '/var/tmp',
];

const SYSTEM_WRITE_ROOTS = [
  '/etc',
  '/usr',
  '/bin',
  '/sbin',
  '/lib',
  '/lib32',
  '/lib64',
  '/libx32',
  '/boot',
  '/dev',
  '/sys',
  '/proc',
];

/** Device files every program writes to harmlessly. */
const HARMLESS_DEVICES = new Set([
  '/dev/null',
  '/dev/zero',
  '/dev/full',
  '/dev/random',
  '/dev/urandom',
  '/dev/stdout',
  '/dev/stderr',
  '/dev/stdin',
  '/dev/tty',
]);

export function isHarmlessDevice(absPath: string): boolean {
  return HARMLESS_DEVICES.has(absPath) || /^\/dev\/fd\/\d+$/.test(absPath) || /^\/proc\/self\/fd\/\d+$/.test(absPath);
}

/** Writing here is a system change (at least ask). */
export function isSystemPath(absPath: string): boolean {
  if (isHarmlessDevice(absPath)) return false;
  return SYSTEM_WRITE_ROOTS.some((root) => isWithin(absPath, root));
}

/**
 * Deleting `absPath` would delete the home directory, a configured root, or one of the system's
 * top-level directories: it is one of them or a parent of one.
 */
export function deletionTarget(absPath: string, home: string, roots: string[]): string | undefined {
  for (const dir of CRITICAL_DIRECTORIES) if (absPath === dir) return dir;
  for (const keep of [home, ...roots]) {
    if (absPath === keep || isStrictAncestor(absPath, keep)) return keep;
  }
  return undefined;
}
