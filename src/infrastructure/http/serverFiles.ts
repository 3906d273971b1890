import { randomBytes } from 'node:crypto';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { SHIMCTL_HTTP_TOKEN_FILE } from '../../domain/paths/protectedResources.js';
import { ensureOwnerOnlyDir, readOwnedFile, writeFileAtomic } from '../files/ownerOnlyFiles.js';

// The HTTP server's two files in the state directory: its bearer token and where it listens.
// The token's file name is a protected secret wherever it is (paths:shimctl-http-token), so the
// review refuses any command that reads, copies or links it. Written and read with the shared
// owner-only helpers (files/ownerOnlyFiles.ts): no symlink, no FIFO, no file of another user or
// readable by others.

const MAX_FILE_BYTES = 4096;

export interface ServerFiles {
  dir: string;
  token: string;
  info: string;
}

export function serverFiles(stateDir: string): ServerFiles {
  const dir = join(stateDir, 'http');
  return { dir, token: join(dir, SHIMCTL_HTTP_TOKEN_FILE), info: join(dir, 'server.json') };
}

/** The token in the file, when it is an owner-only file holding 64 hex characters. */
export function readToken(files: ServerFiles): string | undefined {
  const t = readOwnedFile(files.token, MAX_FILE_BYTES)?.toString('utf8').trim();
  return t !== undefined && /^[0-9a-f]{64}$/.test(t) ? t : undefined;
}

/** The 256-bit bearer token (hex, 64 characters), made on first use. */
export function loadOrCreateToken(files: ServerFiles): string {
  ensureOwnerOnlyDir(files.dir);
  const existing = readToken(files);
  if (existing) return existing;
  const token = randomBytes(32).toString('hex');
  writeFileAtomic(files.token, `${token}\n`);
  return token;
}

export interface ServerInfo {
  url: string;
  port: number;
  pid: number;
  started: string;
}

export function writeServerInfo(files: ServerFiles, info: ServerInfo): void {
  ensureOwnerOnlyDir(files.dir);
  writeFileAtomic(files.info, `${JSON.stringify(info)}\n`);
}

/** The running server's address, or undefined when none is recorded or its process is gone. */
export function readServerInfo(files: ServerFiles): ServerInfo | undefined {
  try {
    const info = JSON.parse(readOwnedFile(files.info, MAX_FILE_BYTES)?.toString('utf8') ?? 'null') as ServerInfo | null;
    if (!info || !Number.isInteger(info.port) || !Number.isInteger(info.pid)) return undefined;
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
  } catch {
    /* nothing recorded */
  }
}
