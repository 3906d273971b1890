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
import { ghTargetHost } from '../toolModels/tools/gh.js';
import { variableEffect } from '../policy/envVariables.js';
import type { PathArg } from '../paths/judgePaths.js';
import type { ReviewState } from './reviewState.js';
import { pathContext } from './reviewState.js';

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
/** A glob (`DEBUG=*`, LS_COLORS' `*.tar`) names no one file, and a program given one rarely globs it. */
const GLOB_CHARS = /[*?[]/;
/**
 * Only parts that can spell a protected file are judged: each costs a realpath (~40 µs on the
 * 2-core box). Every protected name has a `.`, `/` or `_` (`.env`, `id_rsa`, `_netrc`, `*.key`)
 * or sits under `~`; a bare word (`test`, `production`, `3000`) only reaches one through a
 * symlink of that name, which the agent would have had to plant first (a documented limit).
 */
const MAY_NAME_PATH = /[./_~]/;
const NUMBER = /^[0-9.]+$/;

/**
 * Every value, whatever its name, as mentions of the paths it may name (attack pass 10: a
 * variable nobody listed that a program opens, like MAGIC): `FOO=.env`, `FOO=~/.aws/credentials`,
 * `X=a:~/.ssh/id_rsa` are refused like other reads of secrets. Only protected files give a
 * finding, so `NODE_ENV=test`, `PORT=3000`, `ENV_FILE=.env.example` stay allowed. A URL value is
 * a target, not a path (its own checks judge it), except a `file:` URL.
 */
function valuePaths(value: string): PathArg[] {
  const v = value.replace(/^file:\/\//i, '');
  if (/^[A-Za-z][A-Za-z0-9+.-]*:\/\//.test(v)) return [];
  const out: PathArg[] = [];
  for (const raw of v.split(VALUE_PARTS)) {
    if (MAY_NAME_PATH.test(raw) && !NUMBER.test(raw) && !GLOB_CHARS.test(raw) && !out.some((p) => p.raw === raw))
      out.push({ raw, access: 'read' });
  }
  return out;
}

/** Proxy targets, gh's server, trace files, modelled path variables and paths named in values among `NAME=value` words. */
export function judgeAssignmentEffects(assignments: Record<string, string>, state: ReviewState): Verdict {
  const parts: Verdict[] = [];
  const paths: PathArg[] = [];
  for (const [name, value] of Object.entries(assignments)) {
    paths.push(...valuePaths(value));
    // MAGIC=a:b (tools/fileInfo.ts), MALLOC_TRACE=FILE: the value is the file read or written.
    const modelled = variableEffect(name, value);
    if (modelled?.effect === 'read' || modelled?.effect === 'write') {
      const access = modelled.effect;
      for (const raw of modelled.split ? value.split(modelled.split) : [value])
        if (raw !== '') paths.push({ raw, access });
    }
    const ghHost = ghTargetHost(name, value);
    if (PROXY_NAMES.has(name.toLowerCase())) parts.push(judgeProxy(value, state));
    // GH_HOST, GH_REPO=HOST/…: the server gh sends its token to (tools/gh.ts).
    else if (ghHost !== undefined) parts.push(judgeProxy(ghHost, state));
    // GIT_TRACE, GIT_TRACE2_EVENT, GIT_TRACE_PACKET …: tools/git/environment.ts.
    else if (gitTraceFile(name, value)) {
      parts.push(judgePaths([{ raw: value, access: 'write' }], pathContext(state)).verdict);
    }
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
