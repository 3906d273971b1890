// Turns the host part of a URL into what it reaches: canonical text and an address class.
// Names are normalised the way URL parsers do (percent-decoding, dropping IDNA-ignored code
// points, NFKC folding of full-width digits and dots, lower case, trailing dots) before they are
// compared; a name left non-ASCII after that is refused rather than guessed at.
import type { AddressClass } from './classifyAddress.js';
import { classifyIPv4, classifyIPv6 } from './classifyAddress.js';
import { formatIPv4, parseIPv4 } from './ipv4.js';
import { formatIPv6, parseIPv6 } from './ipv6.js';

export type HostClassification = { ok: true; canonical: string; cls: AddressClass } | { ok: false; why: string };

const LOOPBACK_NAMES = new Set([
  'localhost',
  'ip6-localhost',
  'ip6-loopback',
  'localhost.localdomain',
  'localtest.me',
  'lvh.me',
  // /etc/hosts entries on Red Hat family systems.
  'localhost4',
  'localhost6',
  'localhost4.localdomain4',
  'localhost6.localdomain6',
]);
/** nss-myhostname answers `_gateway` with the default router's address. */
const PRIVATE_NAMES = new Set(['_gateway']);
/**
 * Names that are loopback with every name below them: `localhost` by RFC 6761, and public
 * domains whose DNS answers 127.0.0.1 for the name and every name below it (attack pass 10).
 */
const LOOPBACK_DOMAINS = ['localhost', 'localtest.me', 'lvh.me', 'localho.st', 'localhost.direct', 'vcap.me'];
const isLoopbackDomain = (name: string): boolean =>
  LOOPBACK_DOMAINS.some((d) => name === d || (name.endsWith(d) && name[name.length - d.length - 1] === '.'));
/**
 * Names that only exist inside a private network, by standard or by convention: `.internal`
 * (reserved for private use; `host.docker.internal`, `*.ec2.internal`, `*.c.PROJECT.internal`),
 * mDNS `.local`, `.home.arpa` (RFC 8375), the de-facto home and corporate suffixes, and
 * Kubernetes' in-cluster service names (attack pass 10), service-mesh and overlay names.
 */
const INTERNAL_SUFFIXES = [
  '.internal',
  '.local',
  '.home.arpa',
  '.lan',
  '.home',
  '.corp',
  '.intranet',
  '.private',
  '.localdomain',
  '.svc', // `.cluster.local` is under `.local`
  // Service meshes and overlay networks (attack pass 11): Consul, Tailscale MagicDNS, Windows ICS,
  // and reverse-lookup names.
  '.consul',
  '.ts.net',
  '.mshome.net',
  '.lab',
  '.in-addr.arpa',
  '.ip6.arpa',
];
const INTERNAL_NAMES = new Set(['kubernetes', 'kubernetes.default']);
const METADATA_NAMES = new Set([
  'metadata',
  'metadata.google.internal',
  'metadata.goog',
  'instance-data',
  'instance-data.ec2.internal',
  'metadata.azure.com',
]);
/** Wildcard DNS services that answer with the address written in the name. */
const ECHO_DNS_SUFFIXES = ['.nip.io', '.sslip.io', '.xip.io', '.traefik.me'];

// WHATWG forbidden domain code points, plus white space and controls.
const FORBIDDEN = /[\u0000-\u0020\u007f#%/:<>?@[\\\]^|"'`{}]/;

const DEFAULT_IGNORABLE = /\p{Default_Ignorable_Code_Point}/gu;
const NON_ASCII = /[^\u0000-\u007f]/;

function percentDecode(text: string): string | undefined {
  if (!text.includes('%')) return text;
  try {
    return decodeURIComponent(text);
  } catch {
    return undefined;
  }
}

const STRICTNESS: readonly AddressClass[] = [
  'metadata',
  'linklocal',
  'loopback',
  'private',
  'unspecified',
  'reserved',
  'public',
];

/** One byte of an address as a wildcard DNS service reads it (decimal, 0-255). */
const BYTE = /^\d{1,3}$/;

/**
 * Wildcard DNS answers with an address spelled inside the name: dotted or dashed
 * (`169.254.169.254.nip.io`, `app-10-0-0-1.sslip.io`), as 8 hex digits (`a9fea9fe.nip.io`,
 * `app-7f000001.nip.io`), or, on sslip.io, as a dashed IPv6 label (`--1.sslip.io` is ::1).
 * nip.io and sslip.io take the four numbers just before the suffix, so
 * `169.169.254.169.254.nip.io` is 169.254.169.254, not 169.169.254.169. Which spelling and which
 * window a service picks is its choice, so every window of four numbers (overlapping ones too),
 * every hex or decimal label, read in decimal and in inet_aton's octal, is decoded and the
 * strictest class wins.
 */
function echoDnsClass(name: string, suffix: string): AddressClass {
  const found: AddressClass[] = [];
  const stem = name.slice(0, name.length - suffix.length);
  const words = stem.split(/[.-]/);
  for (let i = 0; i + 4 <= words.length; i++) {
    const quad = words.slice(i, i + 4);
    if (!quad.every((w) => BYTE.test(w))) continue;
    const decimal = quad.map(Number);
    if (decimal.every((n) => n <= 255)) found.push(classifyIPv4(decimal.reduce((acc, n) => acc * 256 + n, 0)));
    const parsed = parseIPv4(quad.join('.'));
    if (parsed.kind === 'ipv4') found.push(classifyIPv4(parsed.value));
  }
  for (const w of words) {
    const hex = /^(?:0x)?([0-9a-f]{8})$/.exec(w);
    if (hex) found.push(classifyIPv4(parseInt(hex[1]!, 16)));
    if (/^\d{8,10}$/.test(w) && Number(w) <= 0xffffffff) found.push(classifyIPv4(Number(w)));
  }
  // sslip.io spells IPv6 with dashes for colons, as a whole label: `--1`, `fe80--1`.
  for (const label of stem.split('.')) {
    const groups = label.includes('-') ? parseIPv6(label.replace(/-/g, ':')) : undefined;
    if (groups) found.push(classifyIPv6(groups));
  }
  for (const c of STRICTNESS) if (found.includes(c)) return c;
  return 'public';
}

/** Classes an address spelled inside any other name counts for: the internal ones. */
const EMBEDDED_INTERNAL: readonly AddressClass[] = ['metadata', 'linklocal', 'loopback', 'private', 'unspecified'];

function classifyName(name: string): HostClassification {
  if (LOOPBACK_NAMES.has(name) || isLoopbackDomain(name)) return { ok: true, canonical: name, cls: 'loopback' };
  if (METADATA_NAMES.has(name)) return { ok: true, canonical: name, cls: 'metadata' };
  if (PRIVATE_NAMES.has(name)) return { ok: true, canonical: name, cls: 'private' };
  const echo = ECHO_DNS_SUFFIXES.find((s) => name.endsWith(s));
  if (echo !== undefined) return { ok: true, canonical: name, cls: echoDnsClass(name, echo) };
  // Rebinding services (`7f000001.a9fea9fe.rbndr.us`, `make-169.254.169.254-rebind-127.0.0.1-rr.1u.ms`)
  // and private naming schemes (`ip-10-0-0-1.ec2.internal`) spell an address inside the name, as
  // the echo services do: an internal one there counts, wherever the name is registered.
  const embedded = echoDnsClass(name, '');
  if (EMBEDDED_INTERNAL.includes(embedded)) return { ok: true, canonical: name, cls: embedded };
  // A name of one label is looked up in the search domains and /etc/hosts: a local service
  // (`http://db:5432`), never a public site.
  if (INTERNAL_NAMES.has(name) || !name.includes('.') || INTERNAL_SUFFIXES.some((s) => name.endsWith(s)))
    return { ok: true, canonical: name, cls: 'private' };
  return { ok: true, canonical: name, cls: 'public' };
}

/** `host` as it appears between userinfo and port (brackets kept for IPv6). */
export function classifyHost(rawHost: string): HostClassification {
  if (rawHost.startsWith('[')) {
    if (!rawHost.endsWith(']')) return { ok: false, why: 'unclosed IPv6 bracket' };
    const inner = percentDecode(rawHost.slice(1, -1));
    const groups = inner === undefined ? undefined : parseIPv6(inner.toLowerCase());
    if (!groups) return { ok: false, why: `'${rawHost}' is not an IPv6 address` };
    return { ok: true, canonical: `[${formatIPv6(groups)}]`, cls: classifyIPv6(groups) };
  }
  const decoded = percentDecode(rawHost);
  if (decoded === undefined) return { ok: false, why: 'bad percent-encoding in the host' };
  // IDNA (UTS #46) drops "ignored" code points (soft hyphen, zero-width space, word joiner,
  // variation selectors, BOM): `169.254.169.25\u00ad4` is 169.254.169.254 to URL parsers and to
  // curl built with libidn2. Every default-ignorable code point goes, a superset of those.
  // Ideographic and full-width full stops are dots to IDNA; NFKC folds full-width digits.
  const folded = decoded
    .replace(DEFAULT_IGNORABLE, '')
    .normalize('NFKC')
    .replace(DEFAULT_IGNORABLE, '')
    .replace(/[\u3002\uff0e\uff61]/g, '.')
    .toLowerCase();
  if (folded === '') return { ok: false, why: 'empty host' };
  if (FORBIDDEN.test(folded)) return { ok: false, why: `forbidden character in host '${rawHost}'` };
  // What IDNA maps beyond NFKC and lower case (case folding, deviations) is not modelled here:
  // a name still not ASCII cannot be matched against the internal names, so it is not judged.
  if (NON_ASCII.test(folded))
    return { ok: false, why: `'${rawHost}' is a non-ASCII (IDN) host name, which is not judged` };
  const v4 = parseIPv4(folded);
  if (v4.kind === 'invalid') return { ok: false, why: `'${rawHost}' is not a valid IPv4 address (${v4.why})` };
  if (v4.kind === 'ipv4') return { ok: true, canonical: formatIPv4(v4.value), cls: classifyIPv4(v4.value) };
  const name = folded.replace(/\.+$/, '');
  if (name === '' || name.startsWith('.') || name.includes('..'))
    return { ok: false, why: `'${rawHost}' is not a host name` };
  return classifyName(name);
}
