// Turns the host part of a URL into what it reaches: canonical text and an address class.
// Names are normalised the way URL parsers do (percent-decoding, NFKC folding of full-width
// digits and dots, lower case, trailing dots) before they are compared.
import type { AddressClass } from './classifyAddress.js';
import { classifyIPv4, classifyIPv6 } from './classifyAddress.js';
import { formatIPv4, parseIPv4 } from './ipv4.js';
import { formatIPv6, parseIPv6 } from './ipv6.js';

export type HostClassification =
  | { ok: true; canonical: string; cls: AddressClass }
  | { ok: false; why: string };

const LOOPBACK_NAMES = new Set(['localhost', 'ip6-localhost', 'ip6-loopback', 'localhost.localdomain', 'localtest.me', 'lvh.me']);
const LOOPBACK_SUFFIXES = ['.localhost', '.localtest.me', '.lvh.me'];
const METADATA_NAMES = new Set(['metadata', 'metadata.google.internal', 'metadata.goog', 'instance-data', 'instance-data.ec2.internal']);
/** Wildcard DNS services that answer with the address written in the name. */
const ECHO_DNS_SUFFIXES = ['.nip.io', '.sslip.io', '.xip.io', '.traefik.me'];

// WHATWG forbidden domain code points, plus white space and controls.
const FORBIDDEN = /[\u0000-\u0020\u007f#%/:<>?@[\\\]^|"'`{}]/;

function percentDecode(text: string): string | undefined {
  if (!text.includes('%')) return text;
  try {
    return decodeURIComponent(text);
  } catch {
    return undefined;
  }
}

const STRICTNESS: readonly AddressClass[] = ['metadata', 'loopback', 'private', 'unspecified', 'reserved', 'public'];

/**
 * Wildcard DNS answers with an address spelled inside the name: dotted or dashed
 * (`169.254.169.254.nip.io`, `app-10-0-0-1.sslip.io`) or as 8 hex digits (`a9fea9fe.nip.io`,
 * `app-7f000001.nip.io`). Which spelling a service picks is its choice, so every embedded
 * address is decoded and the strictest class wins.
 */
function echoDnsClass(name: string): AddressClass {
  const found: AddressClass[] = [];
  for (const q of name.matchAll(/(?:^|[.-])(\d{1,3})[.-](\d{1,3})[.-](\d{1,3})[.-](\d{1,3})(?=[.-])/g)) {
    const parsed = parseIPv4(q.slice(1, 5).join('.'));
    if (parsed.kind === 'ipv4') found.push(classifyIPv4(parsed.value));
  }
  for (const h of name.matchAll(/(?:^|[.-])(?:0x)?([0-9a-f]{8})(?=[.-])/g)) found.push(classifyIPv4(parseInt(h[1]!, 16)));
  for (const d of name.matchAll(/(?:^|[.-])(\d{8,10})(?=[.-])/g)) {
    const n = Number(d[1]);
    if (n <= 0xffffffff) found.push(classifyIPv4(n));
  }
  for (const c of STRICTNESS) if (found.includes(c)) return c;
  return 'public';
}

function classifyName(name: string): HostClassification {
  if (LOOPBACK_NAMES.has(name) || LOOPBACK_SUFFIXES.some((s) => name.endsWith(s))) return { ok: true, canonical: name, cls: 'loopback' };
  if (METADATA_NAMES.has(name)) return { ok: true, canonical: name, cls: 'metadata' };
  if (ECHO_DNS_SUFFIXES.some((s) => name.endsWith(s))) return { ok: true, canonical: name, cls: echoDnsClass(name) };
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
  // Ideographic and full-width full stops are dots to IDNA; NFKC folds full-width digits.
  const folded = decoded.normalize('NFKC').replace(/[\u3002\uff0e\uff61]/g, '.').toLowerCase();
  if (folded === '') return { ok: false, why: 'empty host' };
  if (FORBIDDEN.test(folded)) return { ok: false, why: `forbidden character in host '${rawHost}'` };
  const v4 = parseIPv4(folded);
  if (v4.kind === 'invalid') return { ok: false, why: `'${rawHost}' is not a valid IPv4 address (${v4.why})` };
  if (v4.kind === 'ipv4') return { ok: true, canonical: formatIPv4(v4.value), cls: classifyIPv4(v4.value) };
  const name = folded.replace(/\.+$/, '');
  if (name === '' || name.startsWith('.') || name.includes('..')) return { ok: false, why: `'${rawHost}' is not a host name` };
  return classifyName(name);
}
