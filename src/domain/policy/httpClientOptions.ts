/**
 * curl and wget options parsed the way the programs parse them: short options in clusters with
 * attached values (`-d@file`, `-sSo out`), long options abbreviated (`--upload-f`), `--opt=v`
 * and `--opt v`. Each option that names a file says how the file is used, so uploads of
 * secrets and writes into protected files are judged by the path checks.
 */
import type { PathArg } from '../paths/judgePaths.js';
import { matchLongOption } from './longOption.js';

/**
 * How an option's value names a file: `write`/`read` it is a path; `at` a value starting with
 * `@` reads the file after it (`-d @f`, `-H @f`); `urlencode` also `name@file`; `form` reads
 * `name=@file` and `name=<file`; `cookie` is a file when it holds no `=`; `flag` takes no value;
 * `value` takes a value that is not a file; `config` loads options from a file (also a read).
 */
type Use = 'write' | 'read' | 'at' | 'urlencode' | 'form' | 'cookie' | 'flag' | 'value' | 'config' | 'setting';

interface ClientSpec { shorts: Readonly<Record<string, Use>>; longs: Readonly<Record<string, Use>> }

const CURL: ClientSpec = {
  shorts: { o: 'write', D: 'write', c: 'write', T: 'read', K: 'config', d: 'at', H: 'at', F: 'form', b: 'cookie', w: 'at',
    A: 'value', C: 'value', e: 'value', E: 'value', m: 'value', P: 'value', Q: 'value', r: 'value', t: 'value', u: 'value', U: 'value', x: 'value', X: 'value', y: 'value', Y: 'value', z: 'value' },
  longs: { '--output': 'write', '--dump-header': 'write', '--cookie-jar': 'write', '--trace': 'write', '--trace-ascii': 'write', '--stderr': 'write',
    '--libcurl': 'write', '--output-dir': 'write', '--etag-save': 'write', '--hsts': 'write', '--alt-svc': 'write',
    '--upload-file': 'read', '--config': 'config', '--data': 'at', '--data-ascii': 'at', '--data-binary': 'at', '--json': 'at', '--data-raw': 'value',
    '--data-urlencode': 'urlencode', '--form': 'form', '--form-string': 'value', '--header': 'at', '--proxy-header': 'at', '--write-out': 'at',
    '--cookie': 'cookie', '--netrc-file': 'read', '--etag-compare': 'read', '--variable': 'urlencode', '--url-query': 'urlencode',
    '--url': 'value', '--proxy': 'value', '--request': 'value', '--user': 'value', '--user-agent': 'value', '--referer': 'value',
    '--trace-time': 'flag', '--trace-ids': 'flag', '--trace-config': 'value', '--output-dir-create': 'flag', '--create-dirs': 'flag',
    '--data-urlencoded': 'urlencode', '--head': 'flag', '--help': 'flag', '--http1.1': 'flag', '--http2': 'flag', '--include': 'flag',
    '--insecure': 'flag', '--location': 'flag', '--silent': 'flag', '--show-error': 'flag', '--fail': 'flag', '--verbose': 'flag',
    '--compressed': 'flag', '--remote-name': 'flag', '--remote-name-all': 'flag', '--max-time': 'value', '--connect-timeout': 'value' },
};

const WGET: ClientSpec = {
  shorts: { O: 'write', o: 'write', a: 'write', P: 'write', i: 'read', e: 'setting',
    t: 'value', T: 'value', w: 'value', Q: 'value', U: 'value', l: 'value', A: 'value', R: 'value', D: 'value', X: 'value', I: 'value', B: 'value' },
  longs: { '--output-document': 'write', '--output-file': 'write', '--append-output': 'write', '--directory-prefix': 'write', '--save-cookies': 'write',
    '--input-file': 'read', '--post-file': 'read', '--body-file': 'read', '--load-cookies': 'read', '--config': 'config', '--execute': 'setting',
    '--post-data': 'value', '--body-data': 'value', '--header': 'value', '--user-agent': 'value', '--tries': 'value', '--timeout': 'value',
    '--quiet': 'flag', '--verbose': 'flag', '--no-verbose': 'flag', '--continue': 'flag', '--recursive': 'flag', '--mirror': 'flag',
    '--no-config': 'flag', '--no-check-certificate': 'flag', '--spider': 'flag', '--server-response': 'flag', '--output': 'write' },
};

const WGETRC_FILES: Readonly<Record<string, 'read' | 'write'>> = {
  postfile: 'read', bodyfile: 'read', inputfile: 'read', loadcookies: 'read', cacertificate: 'read',
  outputdocument: 'write', logfile: 'write', savecookies: 'write', dirprefix: 'write',
};

export interface HttpClientOptions {
  paths: PathArg[];
  /** Option files that load more options (`curl -K f`, `wget --config=f`). */
  configs: string[];
  /** `wget -e NAME=VALUE` settings. */
  settings: string[];
}

function specOf(name: string): ClientSpec | undefined {
  return name === 'curl' ? CURL : name === 'wget' ? WGET : undefined;
}

function addUse(use: Use, v: string, out: HttpClientOptions): void {
  switch (use) {
    case 'write': out.paths.push({ raw: v, access: 'write' }); break;
    case 'read': out.paths.push({ raw: v, access: 'read' }); break;
    case 'config': out.configs.push(v); out.paths.push({ raw: v, access: 'read' }); break;
    case 'setting': {
      out.settings.push(v);
      // `-e post_file=F` is `--post-file=F`: the settings that name files are judged like the options.
      const access = Object.prototype.hasOwnProperty.call(WGETRC_FILES, wgetrcKey(v)) ? WGETRC_FILES[wgetrcKey(v)] : undefined;
      if (access) out.paths.push({ raw: v.slice(v.indexOf('=') + 1).trim(), access });
      break;
    }
    case 'at': if (v.startsWith('@') && v.length > 1) out.paths.push({ raw: v.slice(1), access: 'read' }); break;
    case 'urlencode': { const m = /^[^=]*?@(.+)$/.exec(v); if (m) out.paths.push({ raw: m[1]!, access: 'read' }); break; }
    case 'form': { const m = /^[^=]*=[@<]([^;]+)/.exec(v); if (m) out.paths.push({ raw: m[1]!, access: 'read' }); break; }
    case 'cookie': if (v && !v.includes('=')) out.paths.push({ raw: v, access: 'read' }); break;
    default: break;
  }
}

/** Every reading of an ambiguous prefix counts (`--c F` is judged as config, cookie jar and cookie file). */
function longUses(spec: ClientSpec, names: readonly string[]): Use[] {
  return [...new Set(names.map((n) => spec.longs[n]!))].filter((u) => u !== 'flag');
}

/** Paths, config files and settings named by a curl or wget command line. */
export function httpClientOptions(name: string, args: readonly string[]): HttpClientOptions {
  const out: HttpClientOptions = { paths: [], configs: [], settings: [] };
  const spec = specOf(name);
  if (!spec) return out;
  const table = Object.keys(spec.longs);
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === '--') break;
    if (a.startsWith('--')) {
      const m = matchLongOption(a, table);
      if (!m) continue;
      const uses = longUses(spec, m.names);
      if (uses.length === 0) continue;
      const v = m.value ?? args[++i] ?? '';
      for (const use of uses) addUse(use, v, out);
      continue;
    }
    if (!a.startsWith('-') || a === '-') continue;
    for (let k = 1; k < a.length; k++) {
      const use = Object.prototype.hasOwnProperty.call(spec.shorts, a[k]!) ? spec.shorts[a[k]!]! : undefined;
      if (!use) continue; // a flag letter
      const attached = a.slice(k + 1);
      const v = attached || (args[++i] ?? '');
      addUse(use, v, out);
      break;
    }
  }
  return out;
}

/** wgetrc commands that change only politeness, retries and verbosity; proxies are judged as URLs. */
const HARMLESS_WGETRC = new Set(['robots', 'tries', 'timeout', 'wait', 'waitretry', 'randomwait', 'quiet', 'verbose', 'recursive', 'reclevel',
  'noparent', 'continue', 'timestamping', 'useragent', 'progress', 'retryconnrefused', 'dnstimeout', 'readtimeout', 'connecttimeout',
  'limitrate', 'useproxy', 'showprogress', 'serverresponse', 'spanhosts', 'convertlinks', 'pagerequisites', 'mirror', 'inet4only', 'inet6only']);
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
