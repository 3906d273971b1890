// HTTP clients treat a scheme-less argument as a URL (`curl 2130706433` fetches 127.0.0.1), so
// their positional arguments are URL targets too. Option values are skipped so `-m 30` or
// `-o out.json` are not mistaken for hosts; options whose value is itself a URL or an address
// (`-x`, `--proxy`, `--resolve host:443:ADDR`, `--connect-to`) are targets. curl's and wget's
// options come from their models (toolModels/tools/curl.ts, wget.ts); the lists below are a
// guess for clients without a model (httpie, xh, aria2c, wget2, …).

import type { OptionModel } from '../toolModels/modelTypes.js';
import type { ClientSpec } from './httpClientFacts.js';
import { httpClientSpec, targetKind } from './httpClientFacts.js';

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

/** curl's models also read the short options of clients without a model (`-x` a proxy, `-o` a file). */
const CURL = httpClientSpec('curl')!;
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
 * Long options that take a value in clients without a model (httpie and its kin). An unknown long
 * option is assumed to be a flag, so the word after it is still judged: skipping it could hide a
 * target, judging it costs nothing because a bare word that does not parse as a host is dropped.
 */
const LONG_WITH_VALUE = new Set([
  '--header',
  '--output',
  '--user',
  '--user-agent',
  '--timeout',
  '--max-time',
  '--auth',
  '--auth-type',
  '--session',
  '--session-read-only',
  '--verify',
  '--cert',
  '--cert-key',
  '--style',
  '--format-options',
  '--print',
  '--pretty',
  '--default-scheme',
  '--max-redirects',
  '--ciphers',
  '--ssl',
  '--input-file',
  '--dir',
  '--out',
]);
/** A local socket reaches a local service (the Docker socket) whatever host the URL names. */
const LONG_SOCKET = new Set(['--unix-socket', '--abstract-unix-socket']);

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

type TargetKind = 'url' | 'addresses' | 'socket';

function pushTargets(out: string[], kind: TargetKind | undefined, value: string | undefined): void {
  if (value === undefined || kind === undefined) return;
  if (kind === 'url') out.push(value);
  else if (kind === 'addresses') out.push(...addressPieces(value));
  else out.push(`unix:${value}`);
}

/** A long option of a client without a model: its target kind and whether it takes a value. */
function genericLong(name: string): { kind: TargetKind | undefined; takesValue: boolean } {
  const kind: TargetKind | undefined = LONG_URL_VALUE.has(name)
    ? 'url'
    : LONG_ADDRESS_MAP.has(name)
      ? 'addresses'
      : LONG_SOCKET.has(name)
        ? 'socket'
        : undefined;
  return { kind, takesValue: kind !== undefined || LONG_WITH_VALUE.has(name) };
}

export function bareTargetsOfHttpClient(words: string[]): string[] {
  const out: string[] = [];
  const command = baseName(words[0] ?? '');
  const httpie = HTTPIE_LIKE.has(command);
  const spec: ClientSpec | undefined = httpClientSpec(command);
  const shorts = (spec ?? CURL).shorts;
  let httpieUrlSeen = false;
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
      const option: OptionModel | undefined = spec?.longs.get(name);
      const { kind, takesValue } = spec
        ? { kind: targetKind(option), takesValue: option?.arity === 'required' }
        : genericLong(name);
      pushTargets(out, kind, value);
      if (eq < 0 && takesValue) i++;
      continue;
    }
    // A short cluster (`-sSLo`): a value-taking letter consumes the rest, or else the next word.
    for (let k = 1; k < w.length; k++) {
      const option = shorts.get(w[k]!);
      if (option?.arity !== 'required') continue;
      const value = k + 1 < w.length ? w.slice(k + 1) : words[++i];
      pushTargets(out, targetKind(option), value);
      break;
    }
  }
  return out;
}
