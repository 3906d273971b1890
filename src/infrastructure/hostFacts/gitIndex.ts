// The paths a repository's index holds, read from `.git/index` itself (gitformat-index(5):
// versions 2, 3 and 4 with prefix-compressed names; SHA-1 or SHA-256 object ids). No `git` is
// spawned: this runs on the review's hot path. The parsed list is kept per index file and
// reused while the file's identity (inode, size, mtime, ctime) is unchanged: git replaces the
// index by renaming a lock file over it, so every rewrite is a new inode.
import { closeSync, fstatSync, lstatSync, openSync, readFileSync, readSync, statSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import type { GitIndexFact } from '../../domain/reviewRequest.js';

/** An index larger than this is not read (a 50k-entry index is ~5 MB): unknown, the caller asks. */
const MAX_INDEX_BYTES = 64 * 1024 * 1024;

interface Cached {
  key: string;
  paths: readonly string[] | undefined;
}
const cache = new Map<string, Cached>();
/** Distinct index files remembered; a resident process serving many repositories stays bounded. */
const MAX_CACHED = 32;

/**
 * The repository git finds from `absDir` (the nearest `.git` directory or `gitdir:` file above
 * it) and its index's paths. Undefined: not inside a work tree. Never throws.
 */
export function gitIndexOf(absDir: string): GitIndexFact | undefined {
  try {
    const found = findRepository(absDir);
    if (!found) return undefined;
    return { root: found.root, paths: indexPaths(join(found.gitDir, 'index')) };
  } catch {
    return undefined;
  }
}

export function findRepository(absDir: string): { root: string; gitDir: string } | undefined {
  for (let dir = resolve(absDir); ; ) {
    const dotGit = join(dir, '.git');
    const st = lstatSync(dotGit, { throwIfNoEntry: false });
    if (st?.isDirectory()) return { root: dir, gitDir: dotGit };
    if (st?.isFile()) {
      // A linked worktree or a submodule: `gitdir: PATH`, relative to the file's directory.
      const m = /^gitdir: *(.+?)\s*$/m.exec(readFileSync(dotGit, 'utf8').slice(0, 4096));
      if (m) return { root: dir, gitDir: isAbsolute(m[1]!) ? m[1]! : resolve(dir, m[1]!) };
      // A `.git` file git cannot read: git stops here with an error too.
      return { root: dir, gitDir: dotGit };
    }
    const parent = dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
}

/** The paths of one index file: [] when absent (a new repository), undefined when unreadable. */
function indexPaths(file: string): readonly string[] | undefined {
  let st;
  try {
    st = statSync(file, { bigint: true, throwIfNoEntry: false });
  } catch {
    return undefined; // EACCES on the directory, ELOOP: unknown
  }
  if (st === undefined) return [];
  const key = `${st.dev}:${st.ino}:${st.size}:${st.mtimeNs}:${st.ctimeNs}`;
  const hit = cache.get(file);
  if (hit?.key === key) return hit.paths;
  const paths = st.isFile() && st.size <= BigInt(MAX_INDEX_BYTES) ? readIndex(file) : undefined;
  if (cache.size >= MAX_CACHED && !cache.has(file)) cache.delete(cache.keys().next().value!);
  cache.set(file, { key, paths: paths && Object.freeze(paths) });
  return cache.get(file)!.paths;
}

function readIndex(file: string): string[] | undefined {
  let fd: number | undefined;
  try {
    fd = openSync(file, 'r');
    const size = fstatSync(fd).size;
    if (size > MAX_INDEX_BYTES) return undefined;
    const buf = Buffer.allocUnsafe(size);
    let got = 0;
    while (got < size) {
      const n = readSync(fd, buf, got, size - got, got);
      if (n === 0) break;
      got += n;
    }
    return parseIndex(buf.subarray(0, got));
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/**
 * Parses an index; undefined when it is not one this reader understands fully (a corrupt file,
 * a version other than 2-4, a split index whose entries live in another file, a sparse index
 * whose directory entries stand for files not listed). The object id length (20 or 32 bytes) is
 * not recorded in the index: the reading under which every entry and extension lines up is taken.
 */
export function parseIndex(buf: Buffer): string[] | undefined {
  if (buf.length < 12 || buf.toString('latin1', 0, 4) !== 'DIRC') return undefined;
  const version = buf.readUInt32BE(4);
  if (version < 2 || version > 4) return undefined;
  return parseEntries(buf, version, 20) ?? parseEntries(buf, version, 32);
}

function parseEntries(buf: Buffer, version: number, idLen: number): string[] | undefined {
  const count = buf.readUInt32BE(8);
  const end = buf.length - idLen; // the trailing checksum
  // Every entry takes at least 62 bytes (version 4: a 1-byte name and its NUL): a count the file cannot hold is corrupt.
  if (count * (40 + idLen + 4) > end) return undefined;
  const paths: string[] = new Array<string>(count);
  let at = 12;
  let previous = '';
  for (let i = 0; i < count; i++) {
    const start = at;
    // ctime, mtime (8 each), dev, ino, mode, uid, gid, size (4 each), object id, flags (2)
    at += 40 + idLen;
    if (at + 2 > end) return undefined;
    const flags = (buf[at]! << 8) | buf[at + 1]!;
    at += 2;
    if (flags & 0x4000) {
      if (version < 3) return undefined; // the extended flag does not exist in version 2
      at += 2;
    }
    const nameLen = flags & 0x0fff;
    let name: string;
    if (version === 4) {
      // Prefix compression: a varint N (bytes dropped from the previous name's end), then the rest, NUL-terminated.
      let n = 0;
      let b: number;
      let k = 0;
      do {
        if (at >= end || k++ > 8) return undefined;
        b = buf[at++]!;
        n = (n << 7) | (b & 0x7f);
        if (b & 0x80) n += 1; // git's offset encoding (varint.c)
      } while (b & 0x80);
      const nul = nulFrom(buf, at, end);
      if (nul < 0) return undefined;
      // N counts bytes: an ASCII name is cut as a string, any other through its bytes.
      const ascii = isAscii(previous);
      const keep = (ascii ? previous.length : Buffer.byteLength(previous)) - n;
      if (keep < 0) return undefined;
      name = ascii
        ? previous.slice(0, keep) + buf.toString('utf8', at, nul)
        : Buffer.concat([Buffer.from(previous).subarray(0, keep), buf.subarray(at, nul)]).toString('utf8');
      if (nameLen < 0xfff && Buffer.byteLength(name) !== nameLen) return undefined;
      at = nul + 1;
    } else {
      // The name's length is in the flags (0xfff: that long or longer, NUL-terminated).
      const nul = nameLen < 0xfff ? at + nameLen : nulFrom(buf, at, end);
      if (nul < 0 || nul >= end || buf[nul] !== 0) return undefined;
      name = buf.toString('utf8', at, nul);
      // 1-8 NULs pad the entry to a multiple of 8 bytes.
      const padded = start + (((nul + 1 - start + 7) >> 3) << 3);
      if (padded > end) return undefined;
      for (let p = nul + 1; p < padded; p++) if (buf[p] !== 0) return undefined;
      at = padded;
    }
    if (name.length === 0) return undefined;
    paths[i] = name;
    previous = name;
  }
  // Extensions: a 4-byte signature and a 4-byte size each, up to the checksum exactly.
  while (at < end) {
    if (at + 8 > end) return undefined;
    const sig = buf.toString('latin1', at, at + 4);
    const size = buf.readUInt32BE(at + 4);
    at += 8 + size;
    if (at > end) return undefined;
    // `link`: a split index, most entries in sharedindex.*; `sdir`: a sparse index, directory entries.
    if (sig === 'link' || sig === 'sdir') return undefined;
  }
  return at === end ? paths : undefined;
}

function nulFrom(buf: Buffer, from: number, end: number): number {
  for (let p = from; p < end; p++) if (buf[p] === 0) return p;
  return -1;
}

function isAscii(text: string): boolean {
  return !/[^\x00-\x7f]/.test(text);
}
