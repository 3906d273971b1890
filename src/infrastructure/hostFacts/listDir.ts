import { readdirSync, statSync } from 'node:fs';
import type { DirEntry } from '../../domain/reviewRequest.js';

/** More names than this in one directory and a glob there is refused (the review stays bounded). */
const MAX_ENTRIES = 10_000;

/**
 * A directory's entries for the review's glob expansion. `undefined` when it cannot be opened
 * (bash then matches nothing there); `null` for a name that is not valid UTF-8 (the review could
 * not write it back into the text that runs) or too many names.
 */
export function listDir(absDir: string): DirEntry[] | undefined | null {
  let raw;
  try {
    raw = readdirSync(absDir, { withFileTypes: true, encoding: 'buffer' });
  } catch {
    return undefined;
  }
  if (raw.length > MAX_ENTRIES) return null;
  const out: DirEntry[] = [];
  for (const d of raw) {
    const name = d.name.toString('utf8');
    if (!Buffer.from(name, 'utf8').equals(d.name)) return null;
    let dir = d.isDirectory();
    if (d.isSymbolicLink()) {
      try {
        dir = statSync(`${absDir === '/' ? '' : absDir}/${name}`).isDirectory();
      } catch {
        dir = false;
      }
    }
    out.push({ name, dir });
  }
  return out;
}
