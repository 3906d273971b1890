import { readdirSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

export interface RotatedFile {
  /** 1 is the newest rotated file. */
  index: number;
  path: string;
  gz: boolean;
}

/**
 * The rotated files of `path` (`<log>.1`, `<log>.2.gz`, …), newest first, from one directory
 * listing (a gap in the numbers does not hide the older files). When an index exists both plain
 * and compressed (a compression was interrupted between its rename and its unlink; both hold the
 * same lines) the plain file is the one read.
 */
export function rotatedFiles(path: string): RotatedFile[] {
  let names: string[];
  try {
    names = readdirSync(dirname(path));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
  const base = basename(path);
  const byIndex = new Map<number, RotatedFile>();
  for (const name of names) {
    if (!name.startsWith(`${base}.`)) continue;
    const m = /^(\d{1,9})(\.gz)?$/.exec(name.slice(base.length + 1));
    if (!m) continue;
    const index = Number(m[1]);
    if (index < 1) continue;
    const gz = m[2] !== undefined;
    const seen = byIndex.get(index);
    if (!seen || (seen.gz && !gz)) byIndex.set(index, { index, path: join(dirname(path), name), gz });
  }
  return [...byIndex.values()].sort((a, b) => a.index - b.index);
}

/** `<log>.N` or `<log>.N.gz`. */
export const rotatedName = (path: string, index: number, gz: boolean): string => `${path}.${index}${gz ? '.gz' : ''}`;

/** The chain head file: the last record's seq and line hash, published with each append. */
export const headPath = (path: string): string => `${path}.head`;
export const lockPath = (path: string): string => `${path}.lock`;
