// Judges URL targets: the scheme against the allow-list, the host against loopback, private,
// link-local, CGNAT, unspecified and cloud metadata addresses, in every spelling parsers accept.
import type { PolicyConfig } from '../policyConfig.js';
import type { Verdict } from '../verdict.js';
import { ALLOW_NOTHING_FOUND, verdict } from '../verdict.js';
import { combineVerdicts as combine } from '../verdict.js';
import type { AddressClass } from './classifyAddress.js';
import type { HostClassification } from './classifyHost.js';
import { classifyHost } from './classifyHost.js';
import type { RequestShape } from './loopbackRead.js';
import { parseUrl } from './parseUrl.js';

export { findUrls } from './findUrls.js';

/** Schemes that read local files, talk raw protocols to internal services, or run code. */
const DANGEROUS_SCHEMES = new Set([
  'file',
  'gopher',
  'dict',
  'data',
  'javascript',
  'vbscript',
  'ldap',
  'ldaps',
  'tftp',
  'jar',
  'netdoc',
  'phar',
  'expect',
  'smb',
  'telnet',
  'unix',
]);

/**
 * Loopback and private addresses are where unauthenticated admin APIs live, but loopback is also
 * the agent's own dev server: a plain read of it (`requestShape`) runs, anything else asks, and
 * the user or project can tighten both (`urls.loopback`, `urls.private`). Link-local ranges and
 * metadata services are never opened: they hand out the machine's cloud credentials.
 */
function hostVerdict(
  url: string,
  cls: AddressClass,
  canonical: string,
  config: PolicyConfig,
  shape: Shape | undefined,
): Verdict | undefined {
  const where = `${url} reaches ${canonical}`;
  switch (cls) {
    case 'metadata':
      return verdict(
        'block',
        'critical',
        'url.metadata_service',
        `${where}, a cloud metadata service (instance credentials).`,
        'urls:metadata-service',
      );
    case 'linklocal':
      return verdict(
        'block',
        'high',
        'url.link_local',
        `${where}, a link-local address (the range of cloud metadata services).`,
        'urls:link-local',
      );
    case 'loopback':
      if (config.urls.loopback === 'block')
        return verdict(
          'block',
          'high',
          'url.localhost',
          `${where}, this machine (loopback); urls.loopback is "block".`,
          'urls:localhost',
        );
      if (config.urls.loopback === 'allow-reads' && shape?.().plainRead) {
        return verdict(
          'allow',
          'low',
          'url.loopback_read',
          `${where}, this machine (loopback): a plain GET or HEAD, a dev-server check.`,
          'urls:loopback-read',
        );
      }
      return verdict(
        'ask',
        'medium',
        'url.localhost',
        `${where}, this machine (loopback), ${loopbackWhy(config, shape)}.`,
        'urls:localhost',
      );
    case 'unspecified':
      // Linux connects 0.0.0.0 to this machine, other systems refuse it; not a spelling the allowance takes.
      if (config.urls.loopback === 'block')
        return verdict(
          'block',
          'high',
          'url.unspecified_address',
          `${where}, an unspecified address (this machine); urls.loopback is "block".`,
          'urls:unspecified-address',
        );
      return verdict(
        'ask',
        'medium',
        'url.unspecified_address',
        `${where}, an unspecified address (this machine on Linux); use 127.0.0.1 or localhost to check a dev server without asking.`,
        'urls:unspecified-address',
      );
    case 'private':
      if (config.urls.private === 'block')
        return verdict(
          'block',
          'high',
          'url.private_address',
          `${where}, a private or CGNAT address; urls.private is "block".`,
          'urls:private-address',
        );
      return verdict(
        'ask',
        'high',
        'url.private_address',
        `${where}, a private or CGNAT address or an internal-only name (another machine on your network).`,
        'urls:private-address',
      );
    case 'reserved':
      return verdict(
        'block',
        'high',
        'url.private_address',
        `${where}, a reserved or multicast address.`,
        'urls:private-address',
      );
    default:
      return undefined;
  }
}

function loopbackWhy(config: PolicyConfig, shape: Shape | undefined): string {
  if (config.urls.loopback === 'ask') return 'and urls.loopback is "ask"';
  if (!shape) return 'named by a program whose request the review does not model';
  const s = shape();
  return s.plainRead ? 'a plain read' : `not a plain GET or HEAD: ${s.why}`;
}

/** The request's shape, worked out only when a loopback host needs it (most URLs are public). */
type Shape = () => RequestShape;

function once(make: () => RequestShape): Shape {
  let made: RequestShape | undefined;
  return () => (made ??= make());
}

/** `allowHosts` entries: exact host names or addresses (any spelling), or `*.suffix`. */
function isAllowedHost(canonical: string, allowHosts: string[]): boolean {
  for (const entry of allowHosts) {
    const e = entry.trim().toLowerCase();
    if (e.startsWith('*.') && canonical.endsWith(e.slice(1))) return true;
    const c = classifyHost(e);
    if (c.ok && c.canonical === canonical) return true;
  }
  return false;
}

function judgeHost(
  url: string,
  c: HostClassification,
  config: PolicyConfig,
  shape: Shape | undefined,
): Verdict | undefined {
  if (!c.ok) return undefined;
  // Metadata services hand out machine credentials: no allow-list entry opens them.
  if (c.cls !== 'metadata' && isAllowedHost(c.canonical, config.urls.allowHosts)) return undefined;
  return hostVerdict(url, c.cls, c.canonical, config, shape);
}

function ownServer(
  url: string,
  port: string | undefined,
  scheme: string,
  cls: AddressClass,
  ownPorts: () => readonly number[],
): Verdict | undefined {
  if (cls !== 'loopback' && cls !== 'unspecified') return undefined;
  const n = port === undefined || port === '' ? (scheme === 'https' ? 443 : 80) : Number(port);
  if (!ownPorts().includes(n)) return undefined;
  return verdict(
    'block',
    'critical',
    'url.shimctl_server',
    `${url} reaches shimctl's own HTTP API on this machine (port ${n}).`,
    'urls:shimctl-server',
  );
}

function judgeOne(
  url: string,
  config: PolicyConfig,
  shape: Shape | undefined,
  ownPorts: () => readonly number[],
): Verdict[] {
  const parsed = parseUrl(url);
  if (!parsed)
    return [
      verdict('ask', 'medium', 'url.malformed', `'${url}' looks like a URL but has no scheme.`, 'urls:malformed'),
    ];
  const found: Verdict[] = [];
  const allowed = config.urls.allowSchemes.map((s) => s.toLowerCase());
  const refused = parsed.scheme.split('+').filter((s) => !allowed.includes(s));
  if (refused.length > 0) {
    const risk = refused.some((s) => DANGEROUS_SCHEMES.has(s)) ? 'high' : 'medium';
    found.push(
      verdict(
        'block',
        risk,
        'url.scheme_not_allowed',
        `'${parsed.scheme}:' is not an allowed URL scheme (${url}).`,
        'urls:scheme-not-allowed',
      ),
    );
  }
  if (!parsed.hasAuthority || parsed.host === undefined) return found;
  const primary = classifyHost(parsed.host);
  if (!primary.ok && !(parsed.scheme === 'file' && parsed.host === '')) {
    found.push(verdict('ask', 'medium', 'url.malformed', `'${url}' does not parse: ${primary.why}.`, 'urls:malformed'));
  }
  if (parsed.port !== undefined && !/^\d{0,5}$/.test(parsed.port)) {
    found.push(verdict('ask', 'medium', 'url.malformed', `'${url}' has an invalid port.`, 'urls:malformed'));
  }
  for (const c of [primary, ...parsed.alternativeHosts.map(classifyHost)]) {
    const v = judgeHost(url, c, config, shape);
    if (v) found.push(v);
    const own = c.ok ? ownServer(url, parsed.port, parsed.scheme, c.cls, ownPorts) : undefined;
    if (own) found.push(own);
  }
  return found;
}

/**
 * `shape` is the request the command makes (`requestShape`, or a function that works it out),
 * when the command is one whose options are modelled; without it a loopback URL asks.
 */
export function judgeUrls(
  urls: string[],
  config: PolicyConfig,
  shape?: RequestShape | (() => RequestShape),
  httpApiPort?: () => number | undefined,
): Verdict {
  const lazy = shape === undefined ? undefined : typeof shape === 'function' ? once(shape) : () => shape;
  // The local HTTP API (docs/http-api.md): an agent's command aimed at it is refused outright,
  // whatever the request looks like; with the API an agent could answer its own approvals. The
  // configured port always counts, so a server started after the review is covered too.
  // The running server's port is looked up (a file read) only for a loopback URL, once.
  let ports: number[] | undefined;
  const ownPorts = (): readonly number[] =>
    (ports ??= [config.http.port, ...[httpApiPort?.()].filter((p): p is number => p !== undefined)]);
  const verdicts = urls.flatMap((u) => judgeOne(u, config, lazy, ownPorts));
  return verdicts.length ? combine(...verdicts) : ALLOW_NOTHING_FOUND;
}
