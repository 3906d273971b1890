import { closeSync, fstatSync, openSync, readdirSync, statSync, unlinkSync, renameSync, utimesSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { acquireAuditLock, releaseAuditLock } from './auditLock.js';
import { lockPath, rotatedFiles, rotatedName } from './auditFiles.js';

/**
 * Compresses the plain rotated files from `.2` on (`.1` stays plain: tail and the chain read its
 * last line cheaply). The gzip is written to a temporary name outside the lock (it takes a
 * while); then, under the lock, if the source still has the same name and inode (no rotation
 * moved it meanwhile), the archive takes its name with its mtime (the time of its newest record,
 * which retention reads) and the plain file goes. Readers prefer the plain file while both exist.
 * Best effort: a file left plain is compressed after a later rotation.
 */
let compressions = 0;

export async function compressRotated(path: string): Promise<number> {
  const { createGzip } = await import('node:zlib');
  const { pipeline } = await import('node:stream/promises');
  const { createReadStream, createWriteStream } = await import('node:fs');
  removeOldTemporaries(path);
  let done = 0;
  for (const f of rotatedFiles(path)) {
    if (f.gz || f.index < 2) continue;
    // Unique per compression: one process can run two at once (a rotation during a compression),
    // and a shared name let the second truncate the first's half-written gzip, which the first then
    // renamed into place (a corrupt `.gz`: "incorrect header check" when read).
    const tmp = join(dirname(path), `.${basename(path)}.gz-tmp-${process.pid}-${f.index}-${++compressions}`);
    let fd: number | undefined;
    try {
      fd = openSync(f.path, 'r');
      const source = fstatSync(fd);
      await pipeline(
        createReadStream('', { fd, autoClose: false }),
        createGzip({ level: 6 }),
        createWriteStream(tmp, { mode: 0o600 }),
      );
      const lock = acquireAuditLock(lockPath(path));
      try {
        let now;
        try {
          now = statSync(f.path);
        } catch {
          now = undefined;
        }
        if (now && now.ino === source.ino && now.dev === source.dev) {
          utimesSync(tmp, source.atime, source.mtime);
          renameSync(tmp, rotatedName(path, f.index, true));
          unlinkSync(f.path);
          done++;
        }
      } finally {
        releaseAuditLock(lock);
      }
    } catch {
      // Left plain; tried again after the next rotation.
    } finally {
      if (fd !== undefined) closeSync(fd);
      try {
        unlinkSync(tmp);
      } catch {
        // renamed into place, or never made
      }
    }
  }
  return done;
}

/** Temporaries of a compressor that was killed, older than an hour. */
function removeOldTemporaries(path: string): void {
  const dir = dirname(path);
  const prefix = `.${basename(path)}.gz-tmp-`;
  try {
    for (const name of readdirSync(dir)) {
      if (!name.startsWith(prefix)) continue;
      const p = join(dir, name);
      if (Date.now() - statSync(p).mtimeMs > 3600_000) unlinkSync(p);
    }
  } catch {
    // best effort
  }
}
