/** The queries shimctl accepts: a plain `data.a.b.c` reference, so it maps 1:1 onto a server path. */
const QUERY = /^data(?:\.[A-Za-z_][A-Za-z0-9_]*)+$/;

export function isPlainDataQuery(query: string): boolean {
  return QUERY.test(query);
}

/** `data.shimctl.verdict` → `/v1/data/shimctl/verdict` (OPA's Data API). */
export function dataApiPath(query: string): string {
  return `/v1/data/${query.split('.').slice(1).join('/')}`;
}
