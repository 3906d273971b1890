// Host facts for one review, read live from the file system: nothing is kept across reviews, so
// a symlink created between two reviews is seen by the second. Within one review a name or path
// is looked up once (nothing runs until the review is over).
import { readServerInfo, serverFiles } from '../http/serverFiles.js';
import { lstatSync, statSync } from 'node:fs';
import { physicalPathResolver } from './physicalPath.js';
import { join, resolve } from 'node:path';
import { USER_CONFIG_FILES } from '../config/configFiles.js';
import type { HostFactsProvider } from '../../application/ports/hostFactsProvider.js';
import type { HostFacts } from '../../domain/reviewRequest.js';
import type { StatePaths } from '../paths/statePaths.js';
import { absoluteSearchPath } from '../../domain/exec/searchPath.js';
import { localeEnvOf } from '../../domain/shell/locale.js';
import { findExecutableOnPath } from './findExecutableOnPath.js';
import { listFilesUnder } from './listFilesUnder.js';
import { listDir } from './listDir.js';
import { entryKindsLister } from './entryKinds.js';
import { projectFilesAboveLister } from './projectFilesAbove.js';
import { digestFiles } from './digestFiles.js';
import { gitIndexOf } from './gitIndex.js';
import { gitChangedPathsOf, gitHeadOf, gitHistoryOf, gitObjectsOf } from './gitHistory.js';
import { gitConfigCredentialReader, gitHooksOf } from './gitHooksPath.js';
import { readPatchFile } from './patchFile.js';
import { ENVIRONMENT_VARIABLES } from '../../domain/shell/expansion/knownVariables.js';
import { recordedSelfPaths } from '../install/recordedSelfPaths.js';
import { KNOWN_AGENTS } from '../../../installers/agents.js';

/** Every known agent's argument-taking scripts, from the agents' own descriptions. */
const ARGV_ENVELOPES = KNOWN_AGENTS.flatMap((a) => a.argvEnvelopes ?? []);

/**
 * What a directory is, for comparing two spellings of it: its device and inode (stat follows
 * symlinks, so a link to the shim directory is the shim directory), or its resolved spelling when
 * it does not exist. One stat per PATH entry per review; realpath cost three times as much, and
 * this runs for every review that resolves a command name.
 */
function directoryIdentity(p: string): string {
  try {
    const st = statSync(p, { throwIfNoEntry: false, bigint: true });
    if (st !== undefined) return `${st.dev}:${st.ino}`;
  } catch {
    // EACCES, ELOOP: compared by spelling below
  }
  return resolve(p);
}

/**
 * Whether a directory is one of `excluded` (shimctl's shim and launcher directories), compared by
 * identity, so a symlink to them or another spelling counts too. Each answer is kept by the caller
 * for one review.
 */
export function excludedDirectory(excluded: readonly string[]): (dir: string) => boolean {
  let banned: Set<string> | undefined;
  const seen = new Map<string, boolean>();
  return (dir) => {
    let hit = seen.get(dir);
    if (hit === undefined) {
      banned ??= new Set(excluded.flatMap((d) => [directoryIdentity(d), resolve(d)]));
      hit = banned.has(resolve(dir)) || banned.has(directoryIdentity(dir));
      seen.set(dir, hit);
    }
    return hit;
  };
}

const caseProbe = new Map<string, boolean>();

/**
 * Whether the file system holding `home` ignores case: the same directory answers under a
 * case-swapped name. Probed once per home per process (a mount does not change its case rule
 * under a running daemon). A home without letters falls back to the platform's default.
 */
export function homeIgnoresCase(home: string): boolean {
  let known = caseProbe.get(home);
  if (known === undefined) {
    const swapped = home.replace(/[a-zA-Z]/g, (c) => (c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase()));
    if (swapped === home) known = process.platform === 'darwin' || process.platform === 'win32';
    else {
      const a = statSync(home, { throwIfNoEntry: false, bigint: true });
      const b = statSync(swapped, { throwIfNoEntry: false, bigint: true });
      known = a !== undefined && b !== undefined && a.dev === b.dev && a.ino === b.ino;
    }
    caseProbe.set(home, known);
  }
  return known;
}

export function createHostFactsProvider(paths: StatePaths): HostFactsProvider {
  // The config files by name: a dotfiles manager may make one a link to a file elsewhere, and
  // that file is then the gate's config (attack pass 16, P16-09). Resolved per review, named once.
  const shimctlFiles = USER_CONFIG_FILES.map((n) => join(paths.configDir, n));
  return {
    facts(env): HostFacts {
      // Computed on the first lookup; a directory holding a name found is then checked against
      // the shim and launcher directories (one stat), not every PATH entry up front.
      let searchPath: string | undefined;
      let isShimDirectory: ((dir: string) => boolean) | undefined;
      // One review asks for the same name several times (rules, path judge): answered once per
      // review. Nothing is kept across reviews, so a binary added to PATH is seen by the next one.
      const resolved = new Map<string, string | undefined>();
      const realpaths = new Map<string, string>();
      const physical = physicalPathResolver();
      // lstat and stat answers, per review like the two above: a git command asks for the same
      // HEAD and .git/HEAD at every level of its discovery walk, the path judge again per spelling.
      const entries = new Map<string, boolean>();
      const ids = new Map<string, string | undefined>();
      let httpPort: number | undefined | null = null;
      // Directory listings, per review: linked places, project files and tree walks share them.
      const entryKinds = entryKindsLister();
      const shellVars: Record<string, string> = {};
      for (const name of ENVIRONMENT_VARIABLES) if (env[name] !== undefined) shellVars[name] = env[name]!;
      return {
        home: paths.home,
        // Read when a URL is judged: where `shimctl serve` listens, if it runs.
        get shimctlHttpPort(): number | undefined {
          if (httpPort === null) httpPort = readServerInfo(serverFiles(paths.stateDir))?.port;
          return httpPort;
        },
        locale: localeEnvOf(env),
        // What `$HOME`, `$PATH`, … expand to in the command: the request's own environment.
        shellVars,
        listDir,
        entryKinds,
        projectFilesAbove: projectFilesAboveLister(paths.home, entryKinds),
        argvEnvelopes: ARGV_ENVELOPES,
        shimctlFiles,
        // The directories this environment names, and the ones the install recorded (selfProtection.ts).
        shimctlPaths: [
          ...new Set([
            paths.configDir,
            paths.stateDir,
            paths.dataDir,
            paths.launcherDir,
            paths.shimDir,
            ...(paths.managedConfig ? [paths.managedConfig] : []),
            ...recordedSelfPaths(paths.manifest),
          ]),
        ],
        // Per review too: an agent's envelope names /dev/null and shimctl's own directories
        // several times over (every redirect and write is checked against them).
        realpath: (p) => {
          let real = realpaths.get(p);
          if (real === undefined) {
            try {
              real = physical(p);
            } catch {
              real = p;
            }
            realpaths.set(p, real);
          }
          return real;
        },
        resolveCommand: (name) => {
          // A name with a slash is a path, not a PATH lookup; relative PATH entries are ignored.
          if (name === '' || name.includes('/')) return undefined;
          if (resolved.has(name)) return resolved.get(name);
          // A directory named twice is searched once: its second place can never answer first.
          searchPath ??= [...new Set(absoluteSearchPath(env.PATH ?? '').split(':'))].join(':');
          if (searchPath === '') return undefined;
          isShimDirectory ??= excludedDirectory([paths.shimDir, paths.launcherDir]);
          let found: string | undefined;
          try {
            found = findExecutableOnPath(name, searchPath, isShimDirectory);
          } catch {
            found = undefined;
          }
          resolved.set(name, found);
          return found;
        },
        filesUnder: (dir, limit, options) => listFilesUnder(dir, limit, options, entryKinds.record),
        // Parsed once per index file and kept while it is unchanged (gitIndex.ts): a few µs warm.
        gitIndex: gitIndexOf,
        // Listed by git, only for commands that print from commits, and kept while the refs and
        // reflogs are unchanged (gitHistory.ts).
        gitHistory: gitHistoryOf,
        gitHead: gitHeadOf,
        gitObjects: gitObjectsOf,
        gitChangedPaths: gitChangedPathsOf,
        gitHooks: gitHooksOf(paths.home),
        gitConfigCredential: gitConfigCredentialReader(),
        // Read only when `git apply`/`git am` is reviewed, at most 1 MiB (patchFile.ts).
        patchFile: readPatchFile,
        digestFiles,
        entryExists: (p) => {
          let known = entries.get(p);
          if (known === undefined) {
            try {
              known = lstatSync(p, { throwIfNoEntry: false }) !== undefined;
            } catch {
              known = true; // unknown (EACCES, ELOOP): not "known to be absent"
            }
            entries.set(p, known);
          }
          return known;
        },
        caseInsensitivePaths: homeIgnoresCase(paths.home),
        fileId: (p) => {
          if (ids.has(p)) return ids.get(p);
          let id: string | undefined;
          try {
            const st = statSync(p, { bigint: true });
            id = `${st.dev}:${st.ino}`;
          } catch {
            id = undefined;
          }
          ids.set(p, id);
          return id;
        },
      };
    },
  };
}
