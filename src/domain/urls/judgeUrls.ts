// Judges URL targets: the scheme against the allow-list, the host against loopback, private,
// link-local, CGNAT, unspecified and cloud metadata addresses, in every spelling parsers accept.
import type { PolicyConfig } from '../policyConfig.js';
import type { Verdict } from '../verdict.js';
import { ALLOW_NOTHING_FOUND, verdict } from '../verdict.js';
// The hot-path combination (same result as combineVerdicts, strictest reasons first).
import { combine } from '../review/combine.js';
import type { AddressClass } from './classifyAddress.js';
import type { HostClassification } from './classifyHost.js';
import { classifyHost } from './classifyHost.js';
import { parseUrl } from './parseUrl.js';

export { findUrls } from './findUrls.js';

/** Schemes that read local files, talk raw protocols to internal services, or run code. */
const DANGEROUS_SCHEMES = new Set(['file', 'gopher', 'dict', 'data', 'javascript', 'vbscript', 'ldap', 'ldaps', 'tftp', 'jar', 'netdoc', 'phar', 'expect', 'smb', 'telnet', 'unix']);

function hostVerdict(url: string, cls: AddressClass, canonical: string): Verdict | undefined {
  const where = `${url} reaches ${canonical}`;
  switch (cls) {
    case 'metadata':
      return verdict('block', 'critical', 'url.metadata_service', `${where}, a cloud metadata service (instance credentials).`, 'urls:metadata-service');
    case 'loopback':
      return verdict('block', 'high', 'url.localhost', `${where}, this machine (loopback).`, 'urls:localhost');
    case 'private':
      return verdict('block', 'high', 'url.private_address', `${where}, a private, link-local or CGNAT address.`, 'urls:private-address');
    case 'reserved':
      return verdict('block', 'high', 'url.private_address', `${where}, a reserved or multicast address.`, 'urls:private-address');
    case 'unspecified':
      return verdict('block', 'high', 'url.unspecified_address', `${where}, an unspecified address (this machine).`, 'urls:unspecified-address');
    default:
      return undefined;
  }
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

function judgeHost(url: string, c: HostClassification, config: PolicyConfig): Verdict | undefined {
  if (!c.ok) return undefined;
  // Metadata services hand out machine credentials: no allow-list entry opens them.
  if (c.cls !== 'metadata' && isAllowedHost(c.canonical, config.urls.allowHosts)) return undefined;
  return hostVerdict(url, c.cls, c.canonical);
}

function judgeOne(url: string, config: PolicyConfig): Verdict[] {
  const parsed = parseUrl(url);
  if (!parsed) return [verdict('ask', 'medium', 'url.malformed', `'${url}' looks like a URL but has no scheme.`, 'urls:malformed')];
  const found: Verdict[] = [];
  const allowed = config.urls.allowSchemes.map((s) => s.toLowerCase());
  const refused = parsed.scheme.split('+').filter((s) => !allowed.includes(s));
  if (refused.length > 0) {
    const risk = refused.some((s) => DANGEROUS_SCHEMES.has(s)) ? 'high' : 'medium';
    found.push(verdict('block', risk, 'url.scheme_not_allowed', `'${parsed.scheme}:' is not an allowed URL scheme (${url}).`, 'urls:scheme-not-allowed'));
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
    const v = judgeHost(url, c, config);
    if (v) found.push(v);
  }
  return found;
}

export function judgeUrls(urls: string[], config: PolicyConfig): Verdict {
  const verdicts = urls.flatMap((u) => judgeOne(u, config));
  return verdicts.length ? combine(...verdicts) : ALLOW_NOTHING_FOUND;
}
