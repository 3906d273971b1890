import { readdirSync } from 'node:fs';
import type { EntryKind } from '../../domain/reviewRequest.js';

/** More names than this and the directory is not listed (the review stays bounded). */
const MAX_ENTRIES = 10_000;

/**
 * A lister for one review: each directory is read once (one readdir, the types from the listing,
 * no stat), and nothing is kept across reviews. `undefined` for a directory that cannot be read
 * or holds too many names.
 */
export function entryKindsLister(): (absDir: string) => ReadonlyMap<string, EntryKind> | undefined {
  const lists = new Map<string, ReadonlyMap<string, EntryKind> | undefined>();
  return (absDir) => {
    if (lists.has(absDir)) return lists.get(absDir);
    let kinds: Map<string, EntryKind> | undefined;
    try {
      const raw = readdirSync(absDir, { withFileTypes: true });
      if (raw.length <= MAX_ENTRIES) {
        kinds = new Map();
        for (const d of raw) kinds.set(d.name, d.isSymbolicLink() ? 'link' : d.isDirectory() ? 'dir' : 'other');
      }
    } catch {
      kinds = undefined;
    }
    lists.set(absDir, kinds);
    return kinds;
  };
}
