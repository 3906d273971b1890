// Splits a URL into scheme and host. URL parsers disagree on tricky input (`\`, several `@`,
// `#`/`?` inside the authority), and an attacker picks the spelling where they disagree, so
// besides the WHATWG reading every plausible alternative host is returned as well.

export interface ParsedUrl {
  scheme: string;
  /** The URL has an authority (`scheme://...`, or a special scheme such as `http:host`). */
  hasAuthority: boolean;
  /** The host as the WHATWG parser (and curl) reads it; undefined when there is no authority. */
  host?: string;
  port?: string;
  /** Hosts other parsers could read from the same text. */
  alternativeHosts: string[];
}

const SPECIAL = new Set(['http', 'https', 'ws', 'wss', 'ftp', 'file']);

function splitAuthority(rest: string, delimiters: RegExp, lastAt: boolean): { host: string; port?: string } {
  const end = rest.search(delimiters);
  const authority = end < 0 ? rest : rest.slice(0, end);
  const at = lastAt ? authority.lastIndexOf('@') : authority.indexOf('@');
  const hostPort = at >= 0 ? authority.slice(at + 1) : authority;
  if (hostPort.startsWith('[')) {
    const close = hostPort.indexOf(']');
    if (close < 0) return { host: hostPort };
    const after = hostPort.slice(close + 1);
    return {
      host: hostPort.slice(0, close + 1),
      ...(after.startsWith(':') ? { port: after.slice(1) } : after ? { port: after } : {}),
    };
  }
  const colon = hostPort.indexOf(':');
  return colon < 0 ? { host: hostPort } : { host: hostPort.slice(0, colon), port: hostPort.slice(colon + 1) };
}

/** Undefined when `text` does not start with a scheme. */
export function parseUrl(text: string): ParsedUrl | undefined {
  // What browsers and curl strip or ignore before parsing.
  const cleaned = text.replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, '').replace(/[\t\n\r]/g, '');
  const m = /^([A-Za-z][A-Za-z0-9+.-]*):/.exec(cleaned);
  if (!m) return undefined;
  const scheme = m[1]!.toLowerCase();
  const afterColon = cleaned.slice(m[0].length);
  const slashes = /^[/\\]*/.exec(afterColon)![0];
  const special = scheme.split('+').some((s) => SPECIAL.has(s));
  const hasAuthority = special ? scheme !== 'file' || slashes.length >= 2 : slashes.startsWith('//');
  if (!hasAuthority) return { scheme, hasAuthority, alternativeHosts: [] };
  const rest = afterColon.slice(slashes.length);
  const primary = splitAuthority(rest, special ? /[/\\?#]/ : /[/?#]/, true);
  const alternatives = new Set<string>();
  for (const delimiters of [/[/\\?#]/, /[/?#]/, /[/\\]/, /\//]) {
    for (const lastAt of [true, false]) alternatives.add(splitAuthority(rest, delimiters, lastAt).host);
  }
  alternatives.delete(primary.host);
  return {
    scheme,
    hasAuthority,
    host: primary.host,
    ...(primary.port !== undefined ? { port: primary.port } : {}),
    alternativeHosts: [...alternatives],
  };
}
