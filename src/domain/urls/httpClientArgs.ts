// HTTP clients treat a scheme-less argument as a URL (`curl 2130706433` fetches 127.0.0.1), so
// their positional arguments are URL targets too. Option values are skipped so `-m 30` or
// `-o out.json` are not mistaken for hosts; options whose value is itself a URL or an address
// (`-x`, `--proxy`, `--resolve host:443:ADDR`, `--connect-to`) are targets.

import { httpClientSpec, longsWithValue, shortsWithValue } from './httpClientFacts.js';

const HTTP_CLIENTS = new Set([
  'curl',
  'wget',
  'wget2',
  'http',
  'https',
  'xh',
  'xhs',
  'httpie',
  'aria2c',
  'lynx',
  'w3m',
  'links',
  'elinks',
]);

/** Short options that take the next word as their value, per client (curl's set for the rest). */
const CURL_SHORT_WITH_VALUE = shortsWithValue(httpClientSpec('curl')!);
const WGET_SHORT_WITH_VALUE = shortsWithValue(httpClientSpec('wget')!);
/** Long options whose value is a URL or proxy: judged as a target. */
const LONG_URL_VALUE = new Set([
  '--url',
  '--proxy',
  '--preproxy',
  '--referer',
  '--doh-url',
  '--socks4',
  '--socks4a',
  '--socks5',
  '--socks5-hostname',
  '--http-proxy',
  '--https-proxy',
  '--base',
]);
/** Long options whose value maps a name to an address: every address-like piece is a target. */
const LONG_ADDRESS_MAP = new Set(['--resolve', '--connect-to']);
/**
 * Long options known to take a value (curl, wget, httpie). An unknown long option is assumed to
 * be a flag, so the word after it is still judged: skipping it could hide a target, judging it
 * costs nothing because a bare word that does not parse as a host is dropped.
 */
const LONG_WITH_VALUE = new Set([
  '--header',
  '--data',
  '--data-raw',
  '--data-binary',
  '--data-urlencode',
  '--data-ascii',
  '--form-string',
  '--output',
  '--user',
  '--user-agent',
  '--request',
  '--max-time',
  '--connect-timeout',
  '--retry',
  '--retry-delay',
  '--retry-max-time',
  '--cookie',
  '--cookie-jar',
  '--cert',
  '--key',
  '--cacert',
  '--capath',
  '--config',
  '--write-out',
  '--range',
  '--upload-file',
  '--limit-rate',
  '--max-filesize',
  '--output-dir',
  '--trace',
  '--trace-ascii',
  '--stderr',
  '--interface',
  '--dns-servers',
  '--oauth2-bearer',
  '--proto',
  '--proto-redir',
  '--ciphers',
  '--continue-at',
  '--time-cond',
  '--expect100-timeout',
  '--keepalive-time',
  '--max-redirs',
  '--local-port',
  '--netrc-file',
  '--pass',
  '--pinnedpubkey',
  '--variable',
  '--url-query',
  '--etag-save',
  '--etag-compare',
  '--hsts',
  '--alt-svc',
  '--aws-sigv4',
  '--mail-from',
  '--mail-rcpt',
  '--quote',
  '--tls-max',
  '--output-document',
  '--output-file',
  '--append-output',
  '--tries',
  '--timeout',
  '--wait',
  '--execute',
  '--password',
  '--post-data',
  '--post-file',
  '--body-data',
  '--method',
  '--directory-prefix',
  '--input-file',
  '--level',
  '--accept',
  '--reject',
  '--domains',
  '--exclude-domains',
  '--load-cookies',
  '--save-cookies',
  '--quota',
  '--ca-certificate',
  '--certificate',
  '--private-key',
  '--bind-address',
  '--auth',
  '--auth-type',
  '--max-redirect',
  '--session',
  '--session-read-only',
  '--verify',
  '--cert-key',
  '--style',
  '--format-options',
]);
/** curl's and wget's own value-taking long options, besides the shared list (`--json` is curl's only). */
const CLIENT_LONG_WITH_VALUE: Readonly<Record<string, ReadonlySet<string>>> = {
  curl: longsWithValue(httpClientSpec('curl')!),
  wget: longsWithValue(httpClientSpec('wget')!),
};
/** A local socket reaches a local service (the Docker socket) whatever host the URL names. */
const LONG_SOCKET = new Set(['--unix-socket', '--abstract-unix-socket']);
/** `--json` and `--form` take data in curl but are flags in httpie. */
const CURL_ONLY_WITH_VALUE = new Set(['--json', '--form']);

/** httpie and xh take request items after the URL; `:3000` there means localhost:3000. */
const HTTPIE_LIKE = new Set(['http', 'https', 'xh', 'xhs', 'httpie']);

const baseName = (command: string): string => command.slice(command.lastIndexOf('/') + 1);

export function isHttpClient(command: string): boolean {
  return HTTP_CLIENTS.has(baseName(command));
}

/** httpie and its kin (`http`, `xh`): `-a`/`--auth` carries the credential, a bare token too. */
export function isHttpieLike(command: string): boolean {
  return HTTPIE_LIKE.has(baseName(command));
}

/**
 * A short number (`5`, `30`, `443`) left over from an option we do not know is almost surely a
 * value, not a host in 0.0.0.0/8; `0` alone is kept because it does reach this machine.
 */
const isSmallNumber = (w: string): boolean => /^\d{1,5}$/.test(w) && w !== '0';

function addressPieces(value: string): string[] {
  // `host:port:addr[,addr]` or `host:port:host2:port2`; IPv6 addresses come in brackets.
  return value.split(/,|:(?![^[]*\])/).filter((p) => p !== '' && !/^\d{1,5}$/.test(p) && p !== '*');
}

export function bareTargetsOfHttpClient(words: string[]): string[] {
  const out: string[] = [];
  const wget = baseName(words[0] ?? '').startsWith('wget');
  const httpie = HTTPIE_LIKE.has(baseName(words[0] ?? ''));
  let httpieUrlSeen = false;
  const shortWithValue = wget ? WGET_SHORT_WITH_VALUE : CURL_SHORT_WITH_VALUE;
  const clientLongs = wget
    ? CLIENT_LONG_WITH_VALUE.wget
    : baseName(words[0] ?? '') === 'curl'
      ? CLIENT_LONG_WITH_VALUE.curl
      : undefined;
  let endOfOptions = false;
  for (let i = 1; i < words.length; i++) {
    const w = words[i]!;
    if (endOfOptions || !w.startsWith('-') || w === '-') {
      if (httpie) {
        // `http [METHOD] URL [ITEM...]`: only the URL is a target; `:3000` means localhost:3000.
        if (!httpieUrlSeen && /^[A-Z]+$/.test(w)) continue;
        if (!httpieUrlSeen) out.push(w.startsWith(':') ? `localhost${w}` : w);
        httpieUrlSeen = true;
        continue;
      }
      if (w !== '' && !isSmallNumber(w)) out.push(w);
      continue;
    }
    if (w === '--') {
      endOfOptions = true;
      continue;
    }
    if (w.startsWith('--')) {
      const eq = w.indexOf('=');
      const name = eq < 0 ? w : w.slice(0, eq);
      const value = eq < 0 ? words[i + 1] : w.slice(eq + 1);
      if (value !== undefined && LONG_URL_VALUE.has(name)) out.push(value);
      if (value !== undefined && LONG_ADDRESS_MAP.has(name)) out.push(...addressPieces(value));
      if (value !== undefined && LONG_SOCKET.has(name)) out.push(`unix:${value}`);
      const takesValue =
        LONG_URL_VALUE.has(name) ||
        LONG_ADDRESS_MAP.has(name) ||
        LONG_SOCKET.has(name) ||
        LONG_WITH_VALUE.has(name) ||
        (!httpie && CURL_ONLY_WITH_VALUE.has(name)) ||
        clientLongs?.has(name) === true;
      if (eq < 0 && takesValue) i++;
      continue;
    }
    // A short cluster (`-sSLo`): a value-taking letter consumes the rest, or else the next word.
    for (let k = 1; k < w.length; k++) {
      if (!shortWithValue.has(w[k]!)) continue;
      const value = k + 1 < w.length ? w.slice(k + 1) : words[++i];
      if (value !== undefined && w[k] === 'x' && !wget) out.push(value);
      break;
    }
  }
  return out;
}
