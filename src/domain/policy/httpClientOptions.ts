/**
 * curl and wget options parsed the way the programs parse them: short options in clusters with
 * attached values (`-d@file`, `-sSo out`), long options abbreviated (`--upload-f`), `--opt=v`
 * and `--opt v`. Each option that names a file says how the file is used, so uploads of
 * secrets and writes into protected files are judged by the path checks.
 */
import type { PathArg } from '../paths/judgePaths.js';
import { matchLongOption } from './longOption.js';
import type { ClientSpec, Use } from '../urls/httpClientFacts.js';
import { httpClientSpec } from '../urls/httpClientFacts.js';
import { downloadPaths } from './downloadNames.js';

const WGETRC_FILES: Readonly<Record<string, 'read' | 'write'>> = {
  postfile: 'read',
  bodyfile: 'read',
  inputfile: 'read',
  loadcookies: 'read',
  cacertificate: 'read',
  outputdocument: 'write',
  logfile: 'write',
  savecookies: 'write',
  dirprefix: 'write',
};

export interface HttpClientOptions {
  paths: PathArg[];
  /** Option files that load more options (`curl -K f`, `wget --config=f`). */
  configs: string[];
  /** `wget -e NAME=VALUE` settings. */
  settings: string[];
  /** Options that let the server choose the names of the files written (`curl -J`, `wget -r`). */
  serverNamed: string[];
}

/** Options whose files are named by the server, or many at once: the review cannot see those names. */
const SERVER_NAMED: Readonly<Record<string, ReadonlySet<string>>> = {
  curl: new Set(['-J', '--remote-header-name']),
  wget: new Set([
    '-r',
    '-m',
    '-p',
    '--recursive',
    '--mirror',
    '--page-requisites',
    '--content-disposition',
    '--trust-server-names',
  ]),
};

function addUse(use: Use, v: string, out: HttpClientOptions): void {
  switch (use) {
    case 'write':
      out.paths.push({ raw: v, access: 'write' });
      break;
    case 'read':
      out.paths.push({ raw: v, access: 'read' });
      break;
    case 'config':
      out.configs.push(v);
      out.paths.push({ raw: v, access: 'read' });
      break;
    case 'setting': {
      out.settings.push(v);
      // `-e post_file=F` is `--post-file=F`: the settings that name files are judged like the options.
      const access = Object.hasOwn(WGETRC_FILES, wgetrcKey(v)) ? WGETRC_FILES[wgetrcKey(v)] : undefined;
      if (access) out.paths.push({ raw: v.slice(v.indexOf('=') + 1).trim(), access });
      break;
    }
    case 'at':
      if (v.startsWith('@') && v.length > 1) out.paths.push({ raw: v.slice(1), access: 'read' });
      break;
    case 'urlencode': {
      const m = /^[^=]*?@(.+)$/.exec(v);
      if (m) out.paths.push({ raw: m[1]!, access: 'read' });
      break;
    }
    case 'form': {
      const m = /^[^=]*=[@<]([^;]+)/.exec(v);
      if (m) out.paths.push({ raw: m[1]!, access: 'read' });
      break;
    }
    case 'cookie':
      if (v && !v.includes('=')) out.paths.push({ raw: v, access: 'read' });
      break;
    default:
      break;
  }
}

/** Every reading of an ambiguous prefix counts (`--c F` is judged as config, cookie jar and cookie file). */
function longUses(spec: ClientSpec, names: readonly string[]): Use[] {
  return [...new Set(names.map((n) => spec.longs[n]!))].filter((u) => u !== 'flag');
}

/** Paths, config files and settings named by a curl or wget command line. */
export function httpClientOptions(name: string, args: readonly string[]): HttpClientOptions {
  const out: HttpClientOptions = { paths: [], configs: [], settings: [], serverNamed: [] };
  const spec = httpClientSpec(name);
  if (!spec) return out;
  const table = Object.keys(spec.longs);
  // What decides the names of downloaded files: the options seen (canonical long names and short
  // letters), the directories they go to, and the URLs.
  const seen = new Set<string>();
  const values = new Map<string, string[]>();
  const urls: string[] = [];
  const note = (option: string, v?: string): void => {
    seen.add(option);
    if (v !== undefined) values.set(option, [...(values.get(option) ?? []), v]);
  };
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === '--') {
      urls.push(...args.slice(i + 1));
      break;
    }
    if (a.startsWith('--')) {
      const m = matchLongOption(a, table);
      if (!m) continue;
      const uses = longUses(spec, m.names);
      if (uses.length === 0) {
        for (const n of m.names) note(n);
        continue;
      }
      const v = m.value ?? args[++i] ?? '';
      for (const n of m.names) note(n, v);
      for (const use of uses) addUse(use, v, out);
      continue;
    }
    if (!a.startsWith('-') || a === '-') {
      urls.push(a);
      continue;
    }
    // wget's two-letter words (`-nH`, `-nd`, `-nc`, `-nv`) are one option each.
    if (name === 'wget' && /^-n[a-zA-Z]$/.test(a)) {
      note(a);
      continue;
    }
    for (let k = 1; k < a.length; k++) {
      const use = Object.hasOwn(spec.shorts, a[k]!) ? spec.shorts[a[k]!]! : undefined;
      if (!use) {
        note(`-${a[k]}`);
        continue;
      } // a flag letter
      const attached = a.slice(k + 1);
      const v = attached || (args[++i] ?? '');
      note(`-${a[k]}`, v);
      addUse(use, v, out);
      break;
    }
  }
  const got = (...keys: string[]): string[] => keys.flatMap((k) => values.get(k) ?? []);
  const has = (...keys: string[]): boolean => keys.some((k) => seen.has(k));
  out.serverNamed = [...seen].filter((o) => SERVER_NAMED[name]?.has(o));
  urls.push(...got('--url'));
  if (name === 'curl') {
    out.paths.push(
      ...downloadPaths(
        urls,
        { remoteName: has('-O', '--remote-name', '--remote-name-all'), forceDirs: false, dirs: got('--output-dir') },
        undefined,
      ),
    );
  } else {
    // wget saves every URL under its own name unless one output document takes it all.
    const single = got('-O', '--output-document').length > 0 || has('--spider');
    out.paths.push(
      ...downloadPaths(
        urls,
        { remoteName: !single, forceDirs: has('-x', '--force-directories'), dirs: got('-P', '--directory-prefix') },
        'index.html',
      ),
    );
  }
  return out;
}

/** wgetrc commands that change only politeness, retries and verbosity; proxies are judged as URLs. */
const HARMLESS_WGETRC = new Set([
  'robots',
  'tries',
  'timeout',
  'wait',
  'waitretry',
  'randomwait',
  'quiet',
  'verbose',
  'recursive',
  'reclevel',
  'noparent',
  'continue',
  'timestamping',
  'useragent',
  'progress',
  'retryconnrefused',
  'dnstimeout',
  'readtimeout',
  'connecttimeout',
  'limitrate',
  'useproxy',
  'showprogress',
  'serverresponse',
  'spanhosts',
  'convertlinks',
  'pagerequisites',
  'mirror',
  'inet4only',
  'inet6only',
]);
const PROXY_KEYS = new Set(['httpproxy', 'httpsproxy', 'ftpproxy', 'noproxy']);

/** The wgetrc key of `-e KEY=VALUE`, normalised as wget does (case, `_` and `-` ignored). */
export function wgetrcKey(setting: string): string {
  const m = /^\s*([A-Za-z_-]+)\s*=/.exec(setting);
  return m ? m[1]!.toLowerCase().replace(/[-_]/g, '') : '';
}

/** `-e` settings that can upload, write files or load code (`post_file`, `output_document`, …). */
export function unreviewedWgetSettings(settings: readonly string[]): string[] {
  return settings.filter((s) => !HARMLESS_WGETRC.has(wgetrcKey(s)) && !PROXY_KEYS.has(wgetrcKey(s)));
}
