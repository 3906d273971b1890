import { statSync } from 'node:fs';
import { join } from 'node:path';
import type { ConfigOutcome, ConfigSource } from '../../application/ports/configSource.js';
import { createConfigSource } from '../config/createConfigSource.js';
import { USER_CONFIG_FILES, projectSearchDirs } from '../config/configFiles.js';
import { configNamesIn } from '../config/configNamesIn.js';
import type { StatePaths } from '../paths/statePaths.js';

/** Identity and version of one candidate path; absent files count too (a new file must be seen). */
function stamp(path: string): string {
  try {
    const st = statSync(path, { throwIfNoEntry: false });
    return st ? `${st.ino}:${st.size}:${st.mtimeMs}:${st.ctimeMs}:${st.mode}` : '-';
  } catch (err) {
    return `!${(err as NodeJS.ErrnoException).code ?? 'error'}`;
  }
}

/**
 * Everything the config loader would look at for `cwd`: the user's files, the managed file, and every candidate in
 * every directory it searches (configFiles.ts projectSearchDirs). Any change in
 * this string means the files changed, so the next command sees the new config.
 */
export function configFingerprint(paths: StatePaths, cwd: string): string {
  const parts: string[] = [paths.configDir];
  for (const name of USER_CONFIG_FILES) parts.push(stamp(join(paths.configDir, name)));
  // The managed file too: its rules, ceiling and ship targets, and whether it holds a sink's
  // credentials (then it is read-protected), apply from the next command, not the next restart.
  if (paths.managedConfig) parts.push(stamp(paths.managedConfig));
  // Per directory the config names it holds (a kept answer while the directory is unchanged: one
  // stat, not twenty; configNamesIn.ts), and each of those files' stamp.
  for (const dir of projectSearchDirs(cwd, paths.home)) {
    parts.push(dir);
    for (const name of configNamesIn(dir)) parts.push(name, stamp(join(dir, name)));
  }
  return parts.join('|');
}

const MAX_ENTRIES = 256;

/**
 * The config source of the resident process: the loaded outcome is kept per working directory
 * and reused only while the fingerprint of the files is unchanged (a stat per candidate per
 * request, no reads). Edits, new files and removed files take effect on the next command.
 */
export function createWatchedConfigSource(paths: StatePaths): ConfigSource {
  const cache = new Map<string, { fingerprint: string; outcome: ConfigOutcome }>();
  return {
    load(cwd) {
      const fingerprint = configFingerprint(paths, cwd);
      const hit = cache.get(cwd);
      if (hit && hit.fingerprint === fingerprint) return hit.outcome;
      const outcome = createConfigSource(paths).load(cwd);
      // A file edited within the same clock tick as our read would look unchanged: only cache
      // when the fingerprint is still the same after the load.
      if (configFingerprint(paths, cwd) === fingerprint) {
        if (cache.size >= MAX_ENTRIES) cache.delete(cache.keys().next().value!);
        cache.set(cwd, { fingerprint, outcome });
      } else {
        cache.delete(cwd);
      }
      return outcome;
    },
  };
}
