import { randomBytes, timingSafeEqual } from 'node:crypto';

// The dashboard's sign-in: `shimctl ui` asks the server (with the bearer token) for a one-time
// code and opens the browser at /ui/login?code=…; the server swaps the code for a session cookie
// (HttpOnly, SameSite=Strict) and serves the page with that session's CSRF value in it. An API
// call from the page must carry both the cookie and the CSRF value in a header: never the cookie
// alone, so a form or a link on another site, which the browser sends with the cookie but which
// cannot read the page, is refused.

const CODE_TTL_MS = 60_000;
const SESSION_TTL_MS = 12 * 3_600_000;
const MAX_CODES = 16;
const MAX_SESSIONS = 64;

export interface UiSession {
  id: string;
  csrf: string;
  expires: number;
}

const eq = (a: string, b: string): boolean => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
const random = (): string => randomBytes(32).toString('hex');

export class UiSessions {
  private codes = new Map<string, number>();
  private sessions = new Map<string, UiSession>();

  constructor(private readonly now: () => number = Date.now) {}

  /** A one-time code for a login link, valid for a minute. */
  newCode(): string {
    this.sweep();
    if (this.codes.size >= MAX_CODES) this.codes.delete(this.codes.keys().next().value!);
    const code = random();
    this.codes.set(code, this.now() + CODE_TTL_MS);
    return code;
  }

  /** Spends a code: a session, or undefined when the code is unknown, used or expired. */
  redeem(code: string): UiSession | undefined {
    this.sweep();
    let found: string | undefined;
    for (const c of this.codes.keys()) if (eq(c, code)) found = c;
    if (!found) return undefined;
    this.codes.delete(found);
    if (this.sessions.size >= MAX_SESSIONS) this.sessions.delete(this.sessions.keys().next().value!);
    const s: UiSession = { id: random(), csrf: random(), expires: this.now() + SESSION_TTL_MS };
    this.sessions.set(s.id, s);
    return s;
  }

  /** The session a cookie names, when it is live. */
  session(id: string | undefined): UiSession | undefined {
    if (!id || !/^[0-9a-f]{64}$/.test(id)) return undefined;
    this.sweep();
    for (const [k, s] of this.sessions) if (eq(k, id)) return s;
    return undefined;
  }

  /** Cookie and CSRF header together, both matching one live session. */
  authorises(cookieId: string | undefined, csrf: string | undefined): boolean {
    const s = this.session(cookieId);
    return s !== undefined && typeof csrf === 'string' && eq(s.csrf, csrf);
  }

  private sweep(): void {
    const t = this.now();
    for (const [c, exp] of this.codes) if (exp <= t) this.codes.delete(c);
    for (const [k, s] of this.sessions) if (s.expires <= t) this.sessions.delete(k);
  }
}

export const UI_COOKIE = 'shimctl_ui';

/** The value of one cookie in a Cookie header. */
export function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === name) return v.join('=');
  }
  return undefined;
}
