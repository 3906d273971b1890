// What an agent envelope's fixed part does besides running the model's command: the files it
// sources, the files it writes and the directory it puts first on PATH. That part runs with no
// review, so a model that hand-writes an envelope (inside `bash -c`, at a nested hop) could use
// it to get a planted file sourced. The shapes pin the file names; this pins the places.
import { judgePaths } from '../paths/judgePaths.js';
import type { PathArg } from '../paths/judgePaths.js';
import { isWithin, normalizePosix, resolvePhysically } from '../paths/posixPath.js';
import type { Verdict } from '../verdict.js';
import { ALLOW_NOTHING_FOUND, verdict } from '../verdict.js';
import { combineVerdicts } from '../verdict.js';
import type { ReviewState } from './reviewState.js';
import { pathContext } from './reviewState.js';

export interface EnvelopeEffects {
  name: string;
  sourced?: string[];
  writes?: string[];
  pathPrefix?: string;
}

/** The agents' own snapshot directories, relative to HOME: the only files an envelope may source. */
const SNAPSHOT_DIRS = ['.claude/shell-snapshots', '.codex/shell_snapshots'];
const TEMP_DIRS = ['/tmp', '/var/tmp'];

/** A path as written and as the kernel resolves it; a directory likewise. */
function spellings(path: string, state: ReviewState): string[] {
  return [normalizePosix(path), resolvePhysically(path, state.facts.realpath)];
}

function within(p: string, dirs: string[], state: ReviewState): boolean {
  return dirs.some((d) => spellings(d, state).some((dd) => isWithin(p, dd)));
}

function sideEffect(message: string): Verdict {
  return verdict('block', 'high', 'envelope.side_effect', message, 'envelope:side-effect');
}

/**
 * Sourced files must lie in the user's own agent snapshot directories (every hop). At a nested
 * hop the envelope was written by whatever ran the outer command, so its sourced files are also
 * judged as reads, its written files as writes, and a PATH prefix in the workspace or a temp
 * directory (where a model can plant a `git`) is refused.
 */
export function judgeEnvelopeEffects(env: EnvelopeEffects, state: ReviewState, hop: 'agent' | 'nested'): Verdict {
  const parts: Verdict[] = [];
  const home = state.facts.home.replace(/\/+$/, '');
  const snapshotDirs = SNAPSHOT_DIRS.map((d) => `${home}/${d}`);
  for (const written of env.sourced ?? []) {
    // Codex's snapshot check names its file under a literal `$HOME`, which bash expands to this home.
    const file = written.startsWith('$HOME/') ? `${home}${written.slice(5)}` : written;
    if (!file.startsWith('/') || !spellings(file, state).every((p) => within(p, snapshotDirs, state))) {
      parts.push(
        sideEffect(
          `the ${env.name} envelope sources ${written}, which is not in the agent's snapshot directory under ${home}`,
        ),
      );
    }
  }
  if (hop === 'nested') {
    const paths: PathArg[] = [
      ...(env.sourced ?? []).map((raw) => ({ raw, access: 'read' as const })),
      ...(env.writes ?? []).map((raw) => ({ raw, access: 'write' as const })),
    ];
    if (paths.length) parts.push(judgePaths(paths, pathContext(state)).verdict);
    if (
      env.pathPrefix !== undefined &&
      spellings(env.pathPrefix, state).some((p) => within(p, [state.workspace ?? state.cwd, ...TEMP_DIRS], state))
    ) {
      parts.push(
        sideEffect(`the ${env.name} envelope puts ${env.pathPrefix} first on PATH, a directory the agent can write`),
      );
    }
  }
  return combineVerdicts(...parts);
}

/**
 * A bookkeeping call runs with no review of its own: the files it sources must be the agent's
 * snapshots (as for an envelope) or, for Claude's snapshot script, the user's own `~/.bashrc`.
 */
export function judgeBookkeepingSources(name: string, sourced: readonly string[], state: ReviewState): Verdict {
  const rc = `${state.facts.home.replace(/\/+$/, '')}/.bashrc`;
  const others = sourced.filter((f) => f !== rc);
  return others.length ? judgeEnvelopeEffects({ name, sourced: others }, state, 'agent') : ALLOW_NOTHING_FOUND;
}
