/**
 * Variable assignments whose value is a target rather than code: `http_proxy=http://169.254.169.254`
 * sends every request of curl, wget, git, pip through the metadata service, and
 * `GIT_TRACE=/abs/path` appends git's trace to that file. The same proxy settings given to
 * `wget -e http_proxy=…` are judged alike.
 */
import type { Verdict } from '../verdict.js';
import { ALLOW_NOTHING_FOUND } from '../verdict.js';
import { judgePaths } from '../paths/judgePaths.js';
import { judgeUrls } from '../urls/judgeUrls.js';
import { httpClientOptions, wgetrcKey } from '../policy/httpClientOptions.js';
import { WGETRC_PROXIES } from '../toolModels/tools/wget.js';
import { combineVerdicts } from '../verdict.js';
import { gitTraceFile } from '../toolModels/tools/git/environment.js';
import { credentialedGitConfigPrint, repoConfigHoldsCredential } from '../paths/gitConfigCredentials.js';
import { ghTargetHost } from '../toolModels/tools/gh.js';
import { variableEffect } from '../policy/envVariables.js';
import type { PathArg } from '../paths/judgePaths.js';
import type { ReviewState } from './reviewState.js';
import { pathContext } from './reviewState.js';
import { verdict } from '../verdict.js';
import { expandGlob } from '../shell/expansion/expandGlob.js';
import { newGlobBudget } from '../shell/expansion/expandWords.js';

const PROXY_NAMES = new Set([
  'http_proxy',
  'https_proxy',
  'all_proxy',
  'ftp_proxy',
  'ws_proxy',
  'wss_proxy',
  'socks_proxy',
  'rsync_proxy',
  'grpc_proxy',
]);

function proxyUrl(value: string): string {
  const v = value.trim();
  return /^[A-Za-z][A-Za-z0-9+.-]*:\/\//.test(v) ? v : `http://${v}`;
}

function judgeProxy(value: string, state: ReviewState): Verdict {
  return value.trim()
    ? judgeUrls([proxyUrl(value)], state.config, undefined, () => state.facts.shimctlHttpPort)
    : ALLOW_NOTHING_FOUND;
}

/** Separators of lists inside a value (`a:b`, `a,b`, `--opt=a`, `a;b`, words): each part may be a path. */
const VALUE_PARTS = /[\s:,;=]+/;
/**
 * Only parts that can spell a protected file are judged: each costs a realpath (~40 µs on the
 * 2-core box). Every protected name has a `.`, `/` or `_` (`.env`, `id_rsa`, `_netrc`, `*.key`)
 * or sits under `~`; a bare word (`test`, `production`, `3000`) only reaches one through a
 * symlink of that name, which the agent would have had to plant first (a documented limit).
 */
const MAY_NAME_PATH = /[./_~]/;
const NUMBER = /^[0-9.]+$/;
const GLOB_CHARS = /[*?[]/;

/**
 * Every value, whatever its name, as mentions of the paths it may name (attack pass 10: a
 * variable nobody listed that a program opens, like MAGIC): `FOO=.env`, `FOO=~/.aws/credentials`,
 * `X=a:~/.ssh/id_rsa` are refused like other reads of secrets. Only protected files give a
 * finding, so `NODE_ENV=test`, `PORT=3000`, `ENV_FILE=.env.example` stay allowed. A URL value is
 * a target, not a path (its own checks judge it), except a `file:` URL. A part with a glob is
 * kept apart: bash passes it as written (`DEBUG=*`), and a program may expand it itself.
 */
function valuePaths(value: string): { paths: PathArg[]; globs: string[] } {
  const v = value.replace(/^file:\/\//i, '');
  const out: PathArg[] = [];
  const globs: string[] = [];
  if (/^[A-Za-z][A-Za-z0-9+.-]*:\/\//.test(v)) return { paths: out, globs };
  for (const raw of v.split(VALUE_PARTS)) {
    if (!MAY_NAME_PATH.test(raw) || NUMBER.test(raw)) continue;
    if (GLOB_CHARS.test(raw)) {
      if (!globs.includes(raw)) globs.push(raw);
    } else if (!out.some((p) => p.raw === raw)) out.push({ raw, access: 'read' });
  }
  return { paths: out, globs };
}

/**
 * A value's glob that may name paths (`P=.env*`, `F=~/.ssh/*`), expanded as bash would expand it
 * here and now: what it matches is judged like the value's other paths. `DEBUG=*` or `*.tar` of
 * LS_COLORS name nothing protected; a glob the review cannot expand (no directory listing, past
 * its bounds) asks.
 */
function globValuePaths(glob: string, state: ReviewState): PathArg[] | Verdict {
  const listDir = state.facts.listDir;
  const why = (detail: string): Verdict =>
    verdict('ask', 'medium', 'syntax.glob', `the value glob ${glob} may name files a program expands it to: ${detail}`);
  if (!listDir) return why('the directory listing is not available');
  const chars = [...glob].map((c) => ({ c, quoted: false }));
  const g = expandGlob(chars, state.cwd, (d) => listDir(d), newGlobBudget());
  if (g.kind === 'refuse') return why(g.detail);
  return g.kind === 'match' ? g.words.map((raw) => ({ raw, access: 'read' as const })) : [];
}

/** Proxy targets, gh's server, trace files, modelled path variables and paths named in values among `NAME=value` words. */
export function judgeAssignmentEffects(assignments: Record<string, string>, state: ReviewState): Verdict {
  const parts: Verdict[] = [];
  const paths: PathArg[] = [];
  for (const [name, value] of Object.entries(assignments)) {
    const named = valuePaths(value);
    paths.push(...named.paths);
    for (const glob of named.globs) {
      const found = globValuePaths(glob, state);
      if (Array.isArray(found)) paths.push(...found);
      else parts.push(found);
    }
    // MAGIC=a:b (tools/fileInfo.ts), MALLOC_TRACE=FILE: the value is the file read or written.
    const modelled = variableEffect(name, value);
    if (modelled?.effect === 'read' || modelled?.effect === 'write') {
      const access = modelled.effect;
      // MAGIC=.env is already a read of .env among the value's paths: judged once.
      for (const raw of modelled.split ? value.split(modelled.split) : [value])
        if (raw !== '' && !paths.some((p) => p.raw === raw && p.access === access)) paths.push({ raw, access });
    }
    const ghHost = ghTargetHost(name, value);
    if (PROXY_NAMES.has(name.toLowerCase())) parts.push(judgeProxy(value, state));
    // GH_HOST, GH_REPO=HOST/…: the server gh sends its token to (tools/gh.ts).
    else if (ghHost !== undefined) parts.push(judgeProxy(ghHost, state));
    // GIT_TRACE, GIT_TRACE2_EVENT, GIT_TRACE_PACKET …: tools/git/environment.ts.
    else if (gitTraceFile(name, value)) paths.push({ raw: value, access: 'write' });
    // A trace prints the remote URL as configured, token and all (attack pass 22, F3): where the
    // repository's config holds a credential, tracing git prints it as `git remote -v` would.
    if (
      name.startsWith('GIT_TRACE') &&
      !/^(?:|0|false)$/i.test(value) &&
      repoConfigHoldsCredential(state.cwd, state.facts)
    )
      parts.push(credentialedGitConfigPrint(`${name}=${value}`));
  }
  if (paths.length) parts.push(judgePaths(paths, pathContext(state)).verdict);
  return parts.length ? combineVerdicts(...parts) : ALLOW_NOTHING_FOUND;
}

/** `wget -e http_proxy=ADDR` (wgetrc syntax: case and `_`/`-` do not matter, spaces around `=` allowed). */
export function judgeClientSettings(name: string, args: readonly string[], state: ReviewState): Verdict {
  if (name !== 'wget') return ALLOW_NOTHING_FOUND;
  const parts: Verdict[] = [];
  for (const s of httpClientOptions(name, args).settings) {
    if (WGETRC_PROXIES.has(wgetrcKey(s))) parts.push(judgeProxy(s.slice(s.indexOf('=') + 1), state));
  }
  return parts.length ? combineVerdicts(...parts) : ALLOW_NOTHING_FOUND;
}
