// Whether a curl or wget command is a plain check of a local dev server
// (`curl -s localhost:3000/health`, `wget -qO- --max-redirect=0 http://127.0.0.1:8080/`): a GET or
// HEAD, no body, no upload, nothing that changes where it connects, and every target a literal
// loopback spelling. Options are matched against an allow-list (the options tagged `plain-read`
// in toolModels/tools/curl.ts and wget.ts, viewed through httpClientFacts.ts),
// not a deny-list: an option the list does not hold (or an abbreviation of one it knows) is not a plain read, so a new curl
// option cannot open the allowance. Files the allowed options write or read (`-o`, `-D`, `-w @f`,
// `-H @f`, `wget -O`) are still judged by the path policy; this only says the request is a read.

import type { Kind, PlainReadFacts } from './httpClientFacts.js';
import { httpClientSpec } from './httpClientFacts.js';

export type RequestShape = { plainRead: true } | { plainRead: false; why: string };

const own = <T>(table: Readonly<Record<string, T>>, key: string): T | undefined =>
  Object.hasOwn(table, key) ? table[key] : undefined;

/** An octet written the one way every parser reads alike: decimal, no leading zero. */
const OCTET = '(?:25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)';
const V4 = `127(?:\\.${OCTET}){3}`;
/** curl resolves `localhost` and `*.localhost` itself, without DNS (checked for curl 7.88 in a network namespace). */
const CURL_HOST = `(?:localhost|(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\\.)+localhost|${V4}|\\[::1\\])`;
/** wget asks the system resolver: `localhost` comes from /etc/hosts, a `*.localhost` name may go to DNS. */
const WGET_HOST = `(?:localhost|${V4}|\\[::1\\])`;
/** No userinfo (`@`), no backslash, no glob characters, no white space or controls anywhere after the host. */
const REST = '(?::\\d{1,5})?(?:[/?#][^\\u0000-\\u0020\\u007f\\\\@{}\\[\\]]*)?';
const LITERAL: Readonly<Record<string, RegExp>> = {
  curl: new RegExp(`^(?:https?://)?${CURL_HOST}${REST}$`, 'i'),
  wget: new RegExp(`^(?:https?://)?${WGET_HOST}${REST}$`, 'i'),
};

/**
 * Local services that answer a plain GET with secrets and no authentication: a read there is
 * not a dev-server check. A heuristic on top of the allowance, not the boundary.
 */
const ADMIN_PORTS: Readonly<Record<string, string>> = {
  '2375': 'the Docker API',
  '2376': 'the Docker API',
  '4243': 'the Docker API',
  '2379': 'etcd',
  '8001': 'kubectl proxy (the cluster API with your credentials)',
  '8500': 'Consul',
  '10250': 'the kubelet',
  '10255': 'the kubelet',
};

function adminPort(target: string): string | undefined {
  const port = /^(?:https?:\/\/)?(?:\[[^\]]*\]|[^/:?#]*):(\d+)/i.exec(target)?.[1]?.replace(/^0+(?=\d)/, '');
  return port !== undefined ? own(ADMIN_PORTS, port) : undefined;
}

const notPlain = (why: string): RequestShape => ({ plainRead: false, why });

interface Scan {
  positionals: string[];
  maxRedirectZero: boolean;
  namedOutput: boolean;
  why?: string;
}

/** What an allowed option's value may be; a reason when it is not a plain read. */
function checkValue(kind: Kind, option: string, value: string | undefined, scan: Scan): string | undefined {
  if (value === undefined) return `${option} has no value`;
  if (kind === 'method' && value !== 'GET' && value !== 'HEAD')
    return `${option} ${value} sends a request other than GET or HEAD`;
  // curl 8.3's `%output{FILE}` makes -w write a file the path policy would not see.
  if (kind === 'writeOut' && /%output\{/i.test(value)) return `${option} writes a file (%output{})`;
  if (kind === 'redirects') {
    if (!/^0+$/.test(value)) return `${option}=${value} follows redirects`;
    scan.maxRedirectZero = true;
  }
  return undefined;
}

function scanArgs(facts: PlainReadFacts, name: string, args: readonly string[]): Scan {
  const scan: Scan = { positionals: [], maxRedirectZero: false, namedOutput: false };
  const stop = (why: string): Scan => ({ ...scan, why });
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === '--') {
      scan.positionals.push(...args.slice(i + 1));
      break;
    }
    if (!a.startsWith('-') || a === '-') {
      scan.positionals.push(a);
      continue;
    }
    if (facts.words.has(a)) continue;
    if (a.startsWith('--')) {
      const eq = a.indexOf('=');
      const option = eq < 0 ? a : a.slice(0, eq);
      const kind = facts.longs.get(option);
      if (!kind)
        return stop(
          option === '--location'
            ? `${option} follows redirects, and a local server can redirect to the cloud metadata service`
            : `${name} ${option} is not an option of a plain read`,
        );
      if (facts.oneOutput.has(option)) scan.namedOutput = true;
      if (kind === 'flag') {
        if (eq >= 0) return stop(`${option}= takes no value`);
        continue;
      }
      const value = eq >= 0 ? a.slice(eq + 1) : args[++i];
      const bad = checkValue(kind, option, value, scan);
      if (bad) return stop(bad);
      if (option === '--url') scan.positionals.push(value!);
      continue;
    }
    // A short cluster (`-sSo out`): flags, then at most one value-taking letter that ends it.
    for (let k = 1; k < a.length; k++) {
      const letter = a[k]!;
      const kind = facts.shorts.get(letter);
      if (!kind)
        return stop(
          letter === 'L'
            ? '-L follows redirects, and a local server can redirect to the cloud metadata service'
            : `${name} -${letter} is not an option of a plain read`,
        );
      if (facts.oneOutput.has(`-${letter}`)) scan.namedOutput = true;
      if (kind === 'flag') continue;
      const value = k + 1 < a.length ? a.slice(k + 1) : args[++i];
      const bad = checkValue(kind, `-${letter}`, value, scan);
      if (bad) return stop(bad);
      break;
    }
  }
  return scan;
}

/**
 * The request `name args` makes, given the URL targets `findUrls` found in it and whether
 * variables were assigned for it (a proxy, `CURL_HOME`, `HOME` or `WGETRC` changes where it
 * connects or which options it loads).
 */
export function requestShape(
  name: string,
  args: readonly string[],
  urls: readonly string[],
  hasAssignments: boolean,
): RequestShape {
  const facts = httpClientSpec(name)?.plainRead;
  if (!facts) return notPlain(`${name} is not a client whose options the loopback allowance models (curl, wget)`);
  if (hasAssignments)
    return notPlain('variables set for the command (a proxy, a config home) can change where it connects');
  const scan = scanArgs(facts, name, args);
  if (scan.why) return notPlain(scan.why);
  const literal = LITERAL[name]!;
  if (scan.positionals.length === 0) return notPlain(`${name} names no URL of its own`);
  for (const target of [...scan.positionals, ...urls]) {
    if (!literal.test(target))
      return notPlain(
        `'${target}' is not a plain loopback URL (only 127.x.y.z, [::1], localhost${name === 'curl' ? ' and *.localhost' : ''}, without user, glob or other spellings, count)`,
      );
    const service = adminPort(target);
    if (service) return notPlain(`'${target}' is the usual port of ${service}, which answers a GET with secrets`);
  }
  if (name === 'wget') {
    if (!scan.maxRedirectZero)
      return notPlain(
        'wget follows redirects unless given --max-redirect=0, and a local server can redirect to the cloud metadata service',
      );
    if (!scan.namedOutput)
      return notPlain('wget saves the response under a name taken from the URL; give -O FILE or -O -');
  }
  return { plainRead: true };
}
