import { isIP } from 'node:net';

export type ServerUrl = { kind: 'ok'; base: URL } | { kind: 'bad'; message: string };

function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (host === 'localhost') return true;
  if (isIP(host) === 4) return host.startsWith('127.');
  if (isIP(host) === 6) return host === '::1';
  return false;
}

/**
 * The server URL from config. Plain http is accepted only on loopback: a verdict (and a bearer
 * token) crossing the network unencrypted could be forged or stolen. Credentials in the URL are
 * refused so a token never sits in config.
 */
export function parseServerUrl(raw: string): ServerUrl {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { kind: 'bad', message: `rego.url '${raw}' is not a URL` };
  }
  if (url.username || url.password)
    return { kind: 'bad', message: 'rego.url must not carry credentials; use rego.tokenEnv' };
  if (url.search || url.hash) return { kind: 'bad', message: 'rego.url must not have a query or fragment' };
  if (url.protocol === 'https:') return { kind: 'ok', base: url };
  if (url.protocol === 'http:') {
    return isLoopbackHost(url.hostname)
      ? { kind: 'ok', base: url }
      : { kind: 'bad', message: `rego.url uses plain http to a non-loopback host (${url.hostname}); use https` };
  }
  return { kind: 'bad', message: `rego.url scheme '${url.protocol}' is not http or https` };
}
