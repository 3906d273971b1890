import { fchmodSync, fstatSync, mkdirSync, openSync, closeSync, statSync, chmodSync, constants } from 'node:fs';
import type { Stats } from 'node:fs';
import { AuditUnavailableError } from '../../application/ports/auditLog.js';

const uid = (): number => process.getuid?.() ?? 0;

function refuseForeign(what: string, path: string, st: Stats): void {
  if (st.uid !== uid()) {
    throw new AuditUnavailableError(
      `${what} ${path} belongs to uid ${st.uid}, not to this user (uid ${uid()}); refusing to write the audit there`,
    );
  }
}

/**
 * Creates the audit directory 0700 (parents too), or tightens an existing one we own. A
 * directory owned by someone else is refused: its owner could read or replace the trail.
 */
export function ensureOwnerOnlyDir(dir: string): void {
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const st = statSync(dir);
    if (!st.isDirectory()) throw new AuditUnavailableError(`audit directory ${dir} is not a directory`);
    refuseForeign('audit directory', dir, st);
    if ((st.mode & 0o077) !== 0) chmodSync(dir, st.mode & 0o700);
  } catch (err) {
    throw asUnavailable(err, `cannot prepare audit directory ${dir}`);
  }
}

/**
 * Opens (creating 0600) the log for appending; tightens a wider mode, refuses what is not ours.
 * Read-write: under the audit lock the writer may read the log's last line (the chain head)
 * with pread on the same descriptor; writes still go to the end (O_APPEND).
 */
export function openOwnerOnlyAppend(path: string): number {
  let fd: number | undefined;
  try {
    fd = openSync(path, constants.O_RDWR | constants.O_APPEND | constants.O_CREAT, 0o600);
    const st = fstatSync(fd);
    if (!st.isFile()) throw new AuditUnavailableError(`audit log ${path} is not a regular file`);
    refuseForeign('audit log', path, st);
    if ((st.mode & 0o077) !== 0) fchmodSync(fd, st.mode & 0o600);
    return fd;
  } catch (err) {
    if (fd !== undefined) closeSync(fd);
    throw asUnavailable(err, `cannot open audit log ${path}`);
  }
}

/** Opens (creating 0600) a small file the writer rewrites in place (the chain head); same checks as the log. */
export function openOwnerOnlyRw(path: string): number {
  let fd: number | undefined;
  try {
    fd = openSync(path, constants.O_RDWR | constants.O_CREAT, 0o600);
    const st = fstatSync(fd);
    if (!st.isFile()) throw new AuditUnavailableError(`audit file ${path} is not a regular file`);
    refuseForeign('audit file', path, st);
    if ((st.mode & 0o077) !== 0) fchmodSync(fd, st.mode & 0o600);
    return fd;
  } catch (err) {
    if (fd !== undefined) closeSync(fd);
    throw asUnavailable(err, `cannot open ${path}`);
  }
}

export function asUnavailable(err: unknown, context: string): AuditUnavailableError {
  if (err instanceof AuditUnavailableError) return err;
  const code = (err as NodeJS.ErrnoException)?.code;
  const detail = code ? `${code}: ${(err as Error).message}` : String(err);
  return new AuditUnavailableError(`${context} (${detail})`, { cause: err });
}
