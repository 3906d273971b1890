import { type Dirent, readdirSync } from 'node:fs';
import type { EntryKind } from '../../domain/reviewRequest.js';

/** More names than this and the directory is not listed (the review stays bounded). */
const MAX_ENTRIES = 10_000;

export interface EntryKindsLister {
  (absDir: string): ReadonlyMap<string, EntryKind> | undefined;
  /** A listing some other walk of this review already read (listFilesUnder): kept, not read again. */
  record(absDir: string, entries: readonly Dirent[]): void;
  /** The listing if this review already read it, without reading it: `null` when it has not. */
  peek(absDir: string): ReadonlyMap<string, EntryKind> | undefined | null;
}

function kindsOf(entries: readonly Dirent[]): Map<string, EntryKind> | undefined {
  if (entries.length > MAX_ENTRIES) return undefined;
  const kinds = new Map<string, EntryKind>();
  for (const d of entries) kinds.set(d.name, d.isSymbolicLink() ? 'link' : d.isDirectory() ? 'dir' : 'other');
  return kinds;
}

/**
 * A lister for one review: each directory is read once (one readdir, the types from the listing,
 * no stat), and nothing is kept across reviews. `undefined` for a directory that cannot be read
 * or holds too many names.
 */
export function entryKindsLister(): EntryKindsLister {
  const lists = new Map<string, ReadonlyMap<string, EntryKind> | undefined>();
  const lister = (absDir: string): ReadonlyMap<string, EntryKind> | undefined => {
    if (lists.has(absDir)) return lists.get(absDir);
    let kinds: Map<string, EntryKind> | undefined;
    try {
      kinds = kindsOf(readdirSync(absDir, { withFileTypes: true }));
    } catch {
      kinds = undefined;
    }
    lists.set(absDir, kinds);
    return kinds;
  };
  return Object.assign(lister, {
    record(absDir: string, entries: readonly Dirent[]): void {
      if (!lists.has(absDir)) lists.set(absDir, kindsOf(entries));
    },
    peek: (absDir: string) => (lists.has(absDir) ? lists.get(absDir) : null),
  });
}
