// Which shimctl config names a directory holds, answered without probing all twenty names each
// time: the answer is kept across requests while the directory is unchanged. Shared by the
// resident process's config fingerprint (daemon/watchedConfigSource.ts) and the project files of
// other places (hostFacts/projectFilesAbove.ts), both on every request's path.
import { type BigIntStats, statSync } from 'node:fs';
import { join } from 'node:path';
import { PROJECT_CONFIG_FILES, REFUSED_PROJECT_FILES } from './configFiles.js';

export const CONFIG_NAMES: readonly string[] = [...PROJECT_CONFIG_FILES, ...REFUSED_PROJECT_FILES];

/**
 * Kept answers are valid while the directory's identity and change times are those they were
 * read under (an entry added, removed or renamed changes them). A change less than RACY_NS before
 * it was read is not trusted: file systems stamp times at a coarse tick, so a second change in
 * the same tick would look like none (git's "racily clean" rule). Bounded, cleared when full.
 */
const RACY_NS = 2_000_000_000n;
const MAX_KEPT = 4096;
const kept = new Map<string, { stamp: string; names: readonly string[] }>();

export const stampOf = (st: BigIntStats): string => `${st.dev}:${st.ino}:${st.size}:${st.mtimeNs}:${st.ctimeNs}`;

/** Changed more than RACY_NS ago: an answer read from it now stays true until its times change. */
export function settled(st: BigIntStats): boolean {
  const now = BigInt(Date.now()) * 1_000_000n;
  return now - st.mtimeNs > RACY_NS && now - st.ctimeNs > RACY_NS;
}

export function keep<T>(map: Map<string, T>, key: string, value: T): void {
  if (map.size >= MAX_KEPT) map.clear();
  map.set(key, value);
}

/** A stat that follows links; undefined when nothing is there (ENOTDIR too), 'error' otherwise. */
export function statOf(path: string): BigIntStats | undefined | 'error' {
  try {
    return statSync(path, { throwIfNoEntry: false, bigint: true });
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'ENOTDIR' ? undefined : 'error';
  }
}

/**
 * The config names present in a directory: a kept answer while the directory is unchanged,
 * else one stat per name (about 20 µs). A name whose stat fails otherwise than "absent" counts
 * as present, so the reader reports it.
 */
export function configNamesIn(dir: string): readonly string[] {
  const st = statOf(dir);
  if (st === undefined) return [];
  const stamp = st === 'error' ? undefined : stampOf(st);
  const hit = kept.get(dir);
  if (stamp !== undefined && hit?.stamp === stamp) return hit.names;
  const names = CONFIG_NAMES.filter((n) => statOf(join(dir, n)) !== undefined);
  if (stamp !== undefined && st !== 'error' && settled(st)) keep(kept, dir, { stamp, names });
  return names;
}
