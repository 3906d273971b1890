// The project files of the places a command reaches outside the project its config was loaded
// for (attack pass 19, F6: `cat ../wsP/secrets/prod.txt` read what wsP's own file protects,
// because only the cwd's project files were ever read). Read with the loader's own finder and
// path expansion, so a file means here exactly what it means to a command started beside it.
import { type BigIntStats, readFileSync, statSync } from 'node:fs';
import { CONFIG_NAMES, configNamesIn, keep, settled, stampOf, statOf } from '../config/configNamesIn.js';
import { basename, dirname, join, resolve } from 'node:path';
import type { ProjectFileFact } from '../../domain/reviewRequest.js';
import { MAX_CONFIG_BYTES, MAX_LEVELS, PROJECT_CONFIG_FILES, endsProjectSearch } from '../config/configFiles.js';
import { expandConfigPath } from '../config/expandConfigPath.js';
import { findOne, isFailure, refusedCodeConfig } from '../config/findConfigFile.js';
import type { EntryKindsLister } from './entryKinds.js';

/** A directory's reading, kept across reviews while the files it was read from are unchanged (configNamesIn.ts). */
const filesKept = new Map<string, { stamp: string; fact: ProjectFileFact | undefined }>();

/** From this review's listing when it has one (tree walks fill it), else configNamesIn's kept answer or probes. */
function namesIn(dir: string, list: EntryKindsLister): readonly string[] {
  const listed = list.peek(dir);
  return listed ? CONFIG_NAMES.filter((n) => listed.has(n)) : configNamesIn(dir);
}

function namesShimctl(file: string): boolean {
  try {
    const st = statSync(file, { throwIfNoEntry: false });
    if (!st?.isFile() || st.size > MAX_CONFIG_BYTES) return true;
    return readFileSync(file, 'utf8').includes('shimctl');
  } catch {
    return true; // unreadable: it may, so the finder's problem stands
  }
}

/** What the one project file of a directory protects, or why it cannot be read; undefined: none. */
function readProjectFile(dir: string, home: string): ProjectFileFact | undefined {
  const refused = refusedCodeConfig(dir);
  if (refused) return { file: refused.file, problem: refused.message };
  let found = findOne(dir, PROJECT_CONFIG_FILES);
  // A broken package.json that never names shimctl (a test fixture's) holds no project config:
  // the other names decide (attack pass 20's false positive). Within the cwd's own search the
  // loader still refuses it, as before.
  if (isFailure(found) && basename(found.file) === 'package.json' && !namesShimctl(found.file))
    found = findOne(
      dir,
      PROJECT_CONFIG_FILES.filter((n) => n !== 'package.json'),
    );
  if (found === undefined) return undefined;
  if (isFailure(found)) return { file: found.file, problem: found.message };
  const expand = (list: readonly string[] | undefined): string[] | undefined => {
    const out: string[] = [];
    for (const p of list ?? []) {
      const abs = expandConfigPath(p, home, dir);
      if (abs === undefined) return undefined;
      out.push(abs);
    }
    return out;
  };
  const protectedPaths = expand(found.content.protectedPaths);
  const roots = expand(found.content.roots);
  if (protectedPaths === undefined || roots === undefined)
    return { file: found.file, problem: 'a `~user` path is not accepted' };
  return { file: found.file, protectedPaths, roots };
}

/** The directory's project file, kept while the files it was read from are unchanged (a monorepo's package.json). */
function projectFileIn(dir: string, home: string, list: EntryKindsLister): ProjectFileFact | undefined {
  const names = namesIn(dir, list);
  if (names.length === 0) return undefined;
  const stats = names.map((n) => statOf(join(dir, n)));
  const stamp = stats.every((s) => s !== 'error')
    ? `${home}\u0001${names.map((n, i) => `${n}=${stats[i] === undefined ? '-' : stampOf(stats[i] as BigIntStats)}`).join('\u0001')}`
    : undefined;
  const kept = filesKept.get(dir);
  if (stamp !== undefined && kept?.stamp === stamp) return kept.fact;
  const fact = readProjectFile(dir, home);
  if (stamp !== undefined && stats.every((s) => s === undefined || (s !== 'error' && settled(s))))
    keep(filesKept, dir, { stamp, fact });
  return fact;
}

/**
 * A lookup for one review: each directory is looked at once per review; what is kept across
 * reviews is checked against the file system first (see RACY_NS).
 */
export function projectFilesAboveLister(
  home: string,
  list: EntryKindsLister,
): (absDir: string, held: ReadonlySet<string>) => readonly ProjectFileFact[] {
  const normalHome = resolve(home);
  const own = new Map<string, ProjectFileFact | undefined>();
  return (absDir, held) => {
    const out: ProjectFileFact[] = [];
    let dir = resolve(absDir);
    for (let level = 0; level < MAX_LEVELS; level++) {
      if (held.has(dir) || endsProjectSearch(dir, normalHome)) break;
      let file = own.get(dir);
      if (file === undefined && !own.has(dir)) {
        file = projectFileIn(dir, home, list);
        own.set(dir, file);
      }
      if (file) out.push(file);
      dir = dirname(dir);
    }
    return out;
  };
}
