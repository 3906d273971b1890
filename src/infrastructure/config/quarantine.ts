/*
 * `shimctl config quarantine`: moves a project config aside so a person can get a repository
 * out of the "every command is blocked" state that one broken file causes. Nothing is ever
 * deleted: the file (or link, or directory) goes to an owner-only directory under shimctl's
 * state dir with a record of where it came from, and `restore` puts it back.
 */
import { randomBytes } from 'node:crypto';
import type { Stats } from 'node:fs';
import {
  closeSync,
  constants,
  cpSync,
  fstatSync,
  fsyncSync,
  lstatSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  renameSync,
  rmdirSync,
  rmSync,
  symlinkSync,
  unlinkSync,
  utimesSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { isShimctlOnlyConfigName, SHIMCTL_ONLY_CONFIG_FILES } from '../../domain/projectConfigFiles.js';
import { errorMessage } from '../../application/shimctlError.js';
import { ensureOwnerOnlyDir } from '../files/ownerOnlyFiles.js';

export type ItemKind = 'file' | 'symlink' | 'directory' | 'other';

export interface QuarantineEntry {
  id: string;
  /** Absolute path, as the person named it (parents not resolved: that is where it goes back). */
  originalPath: string;
  quarantinedAt: string;
  kind: ItemKind;
  /** For a symlink: where it pointed (it is moved as the link itself, never followed). */
  linkTarget?: string;
  size: number;
  /** The item's last inode change before it was moved, ISO. */
  changedAt: string;
  /** Free text recorded with the entry (the agent-change evidence, when there was some). */
  note?: string;
  /** How it was moved: a rename, or (across file systems) a verified copy, then removal. */
  via: 'rename' | 'copy';
}

export type QuarantineOutcome =
  | { ok: true; entry: QuarantineEntry; stored: string }
  | { ok: false; reason: 'not-a-config-name' | 'package-json' | 'absent' | 'unsupported' | 'failed'; message: string };

export type RestoreOutcome =
  | { ok: true; entry: QuarantineEntry }
  | { ok: false; reason: 'unknown-id' | 'occupied' | 'failed'; message: string };

const ENTRY_FILE = 'entry.json';
const ID = /^\d{8}T\d{6}Z-[0-9a-f]{6}$/;
/** Bigger files are not copied across file systems through memory; rename still works. */
const MAX_COPY_BYTES = 64 * 1024 * 1024;

export const quarantineDir = (stateDir: string): string => join(stateDir, 'quarantine');

function kindOf(st: Stats): ItemKind {
  if (st.isSymbolicLink()) return 'symlink';
  if (st.isFile()) return 'file';
  if (st.isDirectory()) return 'directory';
  return 'other';
}

function newId(now: Date): string {
  const stamp = now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');
  return `${stamp}-${randomBytes(3).toString('hex')}`;
}

const sameInode = (a: Stats, b: Stats): boolean => a.dev === b.dev && a.ino === b.ino;

/** Copies what is at `from` (known by its lstat `st`) to `to`, never following a link at `from`. */
function copyItem(from: string, to: string, st: Stats): void {
  const kind = kindOf(st);
  if (kind === 'symlink') {
    symlinkSync(readlinkSync(from), to);
  } else if (kind === 'file') {
    if (st.size > MAX_COPY_BYTES)
      throw new Error(`it is ${st.size} bytes, too big to copy across file systems; move it by hand`);
    const fd = openSync(from, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
    let data: Buffer;
    try {
      if (!sameInode(fstatSync(fd), st)) throw new Error('it changed while being moved; run the command again');
      data = readFileSync(fd);
    } finally {
      closeSync(fd);
    }
    const out = openSync(to, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL, 0o600);
    try {
      writeSync(out, data);
      fsyncSync(out);
    } finally {
      closeSync(out);
    }
    utimesSync(to, st.atime, st.mtime);
  } else if (kind === 'directory') {
    cpSync(from, to, {
      recursive: true,
      verbatimSymlinks: true,
      errorOnExist: true,
      force: false,
      preserveTimestamps: true,
    });
  } else {
    throw new Error('it is not a file, link or directory (a FIFO, socket or device); inspect it and remove it by hand');
  }
}

/** Removes the original after a verified copy, only if it is still the same inode. */
function removeOriginal(path: string, st: Stats): void {
  const now = lstatSync(path);
  if (!sameInode(now, st))
    throw new Error('it was replaced while being moved; the copy in quarantine is what was there before');
  if (now.isDirectory()) rmSync(path, { recursive: true });
  else unlinkSync(path);
}

/** rename(2) moves a link as the link and never follows it; across file systems, copy then remove. */
function moveItem(from: string, to: string, st: Stats): 'rename' | 'copy' {
  try {
    renameSync(from, to);
    return 'rename';
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EXDEV') throw err;
  }
  copyItem(from, to, st);
  try {
    removeOriginal(from, st);
  } catch (err) {
    rmSync(to, { recursive: true, force: true }); // the original is still in place: nothing moved
    throw err;
  }
  return 'copy';
}

function writeEntry(dir: string, entry: QuarantineEntry): void {
  writeFileSync(join(dir, ENTRY_FILE), `${JSON.stringify(entry, null, 2)}\n`, { mode: 0o600, flag: 'wx' });
}

/** Moves the project config at `path` (absolute) into quarantine. Never throws. */
export function quarantineConfig(stateDir: string, path: string, now: Date, note?: string): QuarantineOutcome {
  const name = basename(path);
  if (name === 'package.json') {
    return {
      ok: false,
      reason: 'package-json',
      message: `${path} is the project's manifest, not moved aside: remove or fix its "shimctl" key by hand`,
    };
  }
  if (!isShimctlOnlyConfigName(name)) {
    return {
      ok: false,
      reason: 'not-a-config-name',
      message: `${path} is not a shimctl project config; only these names are moved: ${SHIMCTL_ONLY_CONFIG_FILES.join(', ')}`,
    };
  }
  let st: Stats;
  try {
    st = lstatSync(path);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') {
      return {
        ok: false,
        reason: 'absent',
        message: `nothing at ${path}; nothing to move. Run \`shimctl status\` in the blocked directory: it names the file that blocks`,
      };
    }
    return { ok: false, reason: 'failed', message: `cannot look at ${path}: ${code ?? String(err)}` };
  }
  const kind = kindOf(st);
  let entryDir: string | undefined;
  try {
    const root = quarantineDir(stateDir);
    ensureOwnerOnlyDir(root);
    const id = newId(now);
    entryDir = join(root, id);
    mkdirSync(entryDir, { mode: 0o700 });
    const stored = join(entryDir, name);
    const entry: QuarantineEntry = {
      id,
      originalPath: path,
      quarantinedAt: now.toISOString(),
      kind,
      size: st.size,
      changedAt: st.ctime.toISOString(),
      via: 'rename',
    };
    if (kind === 'symlink') entry.linkTarget = readlinkSync(path);
    if (note) entry.note = note;
    entry.via = moveItem(path, stored, st);
    // rename moves whatever is there at that instant: record what was actually moved.
    const moved = lstatSync(stored);
    if (!sameInode(moved, st))
      Object.assign(entry, {
        kind: kindOf(moved),
        size: moved.size,
        changedAt: moved.ctime.toISOString(),
        linkTarget: moved.isSymbolicLink() ? readlinkSync(stored) : undefined,
      });
    writeEntry(entryDir, entry);
    return { ok: true, entry, stored };
  } catch (err) {
    // Only an entry directory we just made and that holds nothing is removed.
    if (entryDir)
      try {
        rmdirSync(entryDir);
      } catch {
        /* it holds the item: keep it */
      }
    return { ok: false, reason: 'failed', message: `could not move ${path} aside: ${errorMessage(err)}` };
  }
}

function readEntry(dir: string): QuarantineEntry | undefined {
  try {
    const e = JSON.parse(readFileSync(join(dir, ENTRY_FILE), 'utf8')) as QuarantineEntry;
    return typeof e.id === 'string' && typeof e.originalPath === 'string' ? e : undefined;
  } catch {
    return undefined;
  }
}

/** Every quarantined item, oldest first. */
export function listQuarantine(stateDir: string): QuarantineEntry[] {
  const root = quarantineDir(stateDir);
  let names: string[];
  try {
    names = readdirSync(root);
  } catch {
    return [];
  }
  return names
    .filter((n) => ID.test(n))
    .sort()
    .flatMap((n) => {
      const e = readEntry(join(root, n));
      return e ? [e] : [];
    });
}

/** Puts a quarantined item back where it was, if nothing is there now. Never throws. */
export function restoreQuarantined(stateDir: string, id: string): RestoreOutcome {
  if (!ID.test(id))
    return {
      ok: false,
      reason: 'unknown-id',
      message: `'${id}' is not a quarantine id (see shimctl config quarantine --list)`,
    };
  const dir = join(quarantineDir(stateDir), id);
  const entry = readEntry(dir);
  if (!entry)
    return {
      ok: false,
      reason: 'unknown-id',
      message: `no quarantined item ${id} (see shimctl config quarantine --list)`,
    };
  const stored = join(dir, basename(entry.originalPath));
  try {
    lstatSync(entry.originalPath);
    return {
      ok: false,
      reason: 'occupied',
      message: `${entry.originalPath} exists again; move it aside first (shimctl config quarantine ${entry.originalPath}), then restore`,
    };
  } catch {
    // Nothing there: the way back is free.
  }
  try {
    lstatSync(dirname(entry.originalPath));
    moveItem(stored, entry.originalPath, lstatSync(stored));
    unlinkSync(join(dir, ENTRY_FILE));
    rmdirSync(dir);
    return { ok: true, entry };
  } catch (err) {
    return { ok: false, reason: 'failed', message: `could not restore ${entry.originalPath}: ${errorMessage(err)}` };
  }
}
