import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { findPackageRoot } from '../../../infrastructure/install/packageRoot.js';
import { API_VERSION } from '../../api/apiError.js';
import { httpError } from '../httpError.js';
import type { HttpDeps } from '../httpDeps.js';
import type { UiSessions } from '../uiSessions.js';
import { UI_COOKIE, cookieValue } from '../uiSessions.js';

/** Only our own files, only from our own origin: no inline script, no framing, no forms elsewhere. */
const CSP =
  "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self' data:; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";
const ASSETS: Record<string, string> = {
  '/ui/dashboard.js': 'text/javascript; charset=utf-8',
  '/ui/dashboard.css': 'text/css; charset=utf-8',
};

/** The dashboard (built into dist/ui by scripts/build.mjs) and its sign-in (uiSessions.ts). */
export function registerUiRoutes(app: FastifyInstance, deps: HttpDeps, ui: UiSessions): void {
  // Beside this bundle (dist/http.cjs → dist/ui), wherever the process started from (the resident
  // process runs from the shim entry); from source, above the running script.
  let uiDir: string | undefined;
  const dir = (): string =>
    (uiDir ??=
      typeof __dirname === 'string'
        ? join(__dirname, 'ui')
        : join(findPackageRoot(process.argv[1] ?? '.').root, 'dist', 'ui'));
  const page = (): string => readFileSync(join(dir(), 'index.html'), 'utf8');
  const secure = (reply: { header(k: string, v: string): unknown }) => {
    reply.header('content-security-policy', CSP);
    reply.header('x-frame-options', 'DENY');
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'no-referrer');
    reply.header('cache-control', 'no-store');
  };

  app.post('/v1/ui/login-codes', async () => {
    const code = ui.newCode();
    return { api_version: API_VERSION, code, url: `http://127.0.0.1:${deps.port()}/ui/login?code=${code}` };
  });

  app.get('/ui/login', async (req, reply) => {
    const code = (req.query as { code?: unknown }).code;
    const s = typeof code === 'string' && /^[0-9a-f]{64}$/.test(code) ? ui.redeem(code) : undefined;
    secure(reply);
    if (!s)
      return reply
        .code(401)
        .type('text/plain; charset=utf-8')
        .send('shimctl: this login link is unknown, used or expired; run `shimctl ui` again.\n');
    reply.header('set-cookie', `${UI_COOKIE}=${s.id}; HttpOnly; SameSite=Strict; Path=/`);
    return reply.code(303).header('location', '/').send();
  });

  app.get('/', async (req, reply) => {
    const s = ui.session(cookieValue(req.headers.cookie, UI_COOKIE));
    if (!s) return reply.code(401).send(httpError('http.unauthorized', 'open the dashboard with `shimctl ui`'));
    secure(reply);
    // The CSRF value is hex, so it cannot end the attribute it is written into.
    return reply.type('text/html; charset=utf-8').send(page().replace('@CSRF@', s.csrf));
  });

  for (const [path, type] of Object.entries(ASSETS)) {
    app.get(path, async (_req, reply) => {
      secure(reply);
      return reply.type(type).send(readFileSync(join(dir(), path.slice('/ui/'.length)), 'utf8'));
    });
  }
}
