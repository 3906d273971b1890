import { randomBytes } from 'node:crypto';
import { closeSync, constants, fstatSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

// The HTTP server's two files in the state directory: its bearer token and where it listens.
// The token's file name is a protected secret wherever it is (paths:shimctl-http-token), so the
// review refuses any command that reads, copies or links it.

/** The token file's name; src/domain/paths/protectedResources.ts protects it by this name. */
export const TOKEN_FILE_NAME = 'shimctl-http.token';

export interface ServerFiles {
  dir: string;
  token: string;
  info: string;
}

export function serverFiles(stateDir: string): ServerFiles {
  const dir = join(stateDir, 'http');
  return { dir, token: join(dir, TOKEN_FILE_NAME), info: join(dir, 'server.json') };
}

function ownerOnlyDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const fd = openSync(dir, constants.O_RDONLY | constants.O_DIRECTORY | constants.O_NOFOLLOW);
  try {
    const st = fstatSync(fd);
    if (st.uid !== process.getuid!() || (st.mode & 0o077) !== 0) throw new Error(`${dir} is not an owner-only directory of this user`);
  } finally {
    closeSync(fd);
  }
}

/** Reads an owner-only regular file without following a symlink; throws on anything else. */
function readOwnerOnly(path: string): string {
  const fd = openSync(path, constants.O_RDONLY | constants.O_NOFOLLOW);
  try {
    const st = fstatSync(fd);
    if (!st.isFile() || st.uid !== process.getuid!() || (st.mode & 0o077) !== 0) throw new Error(`${path} is not an owner-only file of this user`);
    return readFileSync(fd, 'utf8');
  } finally {
    closeSync(fd);
  }
}

/** The 256-bit bearer token, made on first use (hex, 64 characters). */
export function loadOrCreateToken(files: ServerFiles): string {
  ownerOnlyDir(files.dir);
  try {
    const t = readOwnerOnly(files.token).trim();
    if (/^[0-9a-f]{64}$/.test(t)) return t;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  const token = randomBytes(32).toString('hex');
  const tmp = `${files.token}.${process.pid}.tmp`;
  writeFileSync(tmp, `${token}\n`, { mode: 0o600, flag: 'wx' });
  renameSync(tmp, files.token);
  return token;
}

export function readToken(files: ServerFiles): string | undefined {
  try {
    const t = readOwnerOnly(files.token).trim();
    return /^[0-9a-f]{64}$/.test(t) ? t : undefined;
  } catch {
    return undefined;
  }
}

export interface ServerInfo {
  url: string;
  port: number;
  pid: number;
  started: string;
}

export function writeServerInfo(files: ServerFiles, info: ServerInfo): void {
  ownerOnlyDir(files.dir);
  const tmp = `${files.info}.${process.pid}.tmp`;
  writeFileSync(tmp, `${JSON.stringify(info)}\n`, { mode: 0o600 });
  renameSync(tmp, files.info);
}

/** The running server's address, or undefined when none is recorded or its process is gone. */
export function readServerInfo(files: ServerFiles): ServerInfo | undefined {
  try {
    const info = JSON.parse(readOwnerOnly(files.info)) as ServerInfo;
    if (!Number.isInteger(info.port) || !Number.isInteger(info.pid)) return undefined;
    process.kill(info.pid, 0);
    return info;
  } catch {
    return undefined;
  }
}

export function removeServerInfo(files: ServerFiles, pid: number): void {
  try {
    const info = JSON.parse(readFileSync(files.info, 'utf8')) as ServerInfo;
    if (info.pid === pid) rmSync(files.info, { force: true });
  } catch { /* nothing recorded */ }
}
