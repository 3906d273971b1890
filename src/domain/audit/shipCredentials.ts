import type { ShipConfig, ShipTarget } from './shipTarget.js';

/**
 * Whether an `audit.ship` section carries a secret (attack pass 12): a file holding one is read-
 * protected like `~/.netrc` (paths:audit-sink-credentials). Judged on the section the loader has
 * already parsed, so the review pays a walk over a handful of targets and no read.
 *
 * What counts, by field of the ship schema (shipSection.ts):
 * - otlp `headers`: any value. Header names do not tell a token from a label (`Authorization`,
 *   `x-api-key`, `X-Scope-OrgID`, a vendor's own), so any header counts.
 * - loki and otlp `url`: userinfo (`https://user:pass@…`, and `https://TOKEN@…`, where the token
 *   is the user name) or a query string (`?api_key=…`, the other place collectors take a key).
 * syslog `host`/`port`, loki `labels`, file `path` and `timeoutMs` hold none.
 */
export function shipHoldsCredentials(ship: ShipConfig | undefined): boolean {
  return ship?.targets.some(targetHoldsCredentials) ?? false;
}

function targetHoldsCredentials(t: ShipTarget): boolean {
  if (t.type === 'otlp' && t.headers && Object.keys(t.headers).length > 0) return true;
  return (t.type === 'otlp' || t.type === 'loki') && urlHoldsCredentials(t.url);
}

/** `scheme://userinfo@host…` or a `?query`: the authority ends at the first `/`, `?` or `#`. */
export function urlHoldsCredentials(url: string): boolean {
  const rest = url.replace(/^[a-z][a-z0-9+.-]*:\/\//i, '');
  const authorityEnd = rest.search(/[/?#]/);
  const authority = authorityEnd < 0 ? rest : rest.slice(0, authorityEnd);
  if (authority.includes('@')) return true;
  const query = rest.indexOf('?');
  if (query < 0) return false;
  const hash = rest.indexOf('#', query);
  return (hash < 0 ? rest.slice(query + 1) : rest.slice(query + 1, hash)).length > 0;
}
