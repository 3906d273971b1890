import { timingSafeEqual } from 'node:crypto';

// The checks every request passes before a route runs (docs/http-api.md, "Security").

/** Host header values that name this server: loopback by address or `localhost`, with our port. */
export function hostAllowed(host: string | undefined, port: number): boolean {
  if (!host) return false;
  return [`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`].includes(host.toLowerCase());
}

/** Origins of this server itself: the only ones a state-changing request may come from. */
export function ownOrigins(port: number): string[] {
  return [`http://127.0.0.1:${port}`, `http://localhost:${port}`, `http://[::1]:${port}`];
}

/** `Authorization: Bearer <token>`, compared in constant time. */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const m = /^Bearer ([0-9a-f]{64})$/.exec(header ?? '');
  if (!m) return false;
  return timingSafeEqual(Buffer.from(m[1]!), Buffer.from(token));
}
