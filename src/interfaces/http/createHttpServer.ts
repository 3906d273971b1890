import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import { API_VERSION } from '../api/apiError.js';
import { MAX_REQUEST_BYTES } from '../api/parseDecideRequest.js';
import { bearerMatches, hostAllowed, ownOrigins } from './httpGuards.js';
import type { HttpDeps } from './httpDeps.js';
import { registerApprovalRoutes } from './routes/approvals.js';
import { registerAuditRoutes } from './routes/audit.js';
import { registerDecideRoute } from './routes/decide.js';
import { registerPolicyRoutes } from './routes/policy.js';
import { registerUiRoutes } from './routes/ui.js';
import { UI_COOKIE, UiSessions, cookieValue } from './uiSessions.js';
import { httpError } from './httpError.js';

/** Paths answered without the token: the health check, and the login link's code exchange. */
const OPEN = new Set(['/health', '/ui/login']);
/** The dashboard page and its assets: the session cookie suffices (they change nothing). */
const PAGE = (path: string): boolean => path === '/' || path.startsWith('/ui/');
/** The CSRF header the dashboard sends with the cookie on every API call. */
export const CSRF_HEADER = 'x-shimctl-csrf';

/**
 * The local HTTP API (docs/http-api.md). Fastify, not hand-written routing: its request
 * lifecycle gives one place for the Host, token and Origin checks, and body limits and content
 * parsing come with it. Bound to 127.0.0.1 by `shimctl serve`; the Host check refuses DNS
 * rebinding, the token refuses other local users and web pages, the Origin check refuses
 * cross-site forms, and no CORS header is ever sent.
 */
export function createHttpServer(deps: HttpDeps): FastifyInstance {
  const app = Fastify({ logger: false, bodyLimit: MAX_REQUEST_BYTES + 1024, return503OnClosing: true });
  const ui = new UiSessions();
  // The decide contract is the CLI's: the body text goes to the same parser, with its errors.
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => done(null, body));
  app.addContentTypeParser('*', { parseAs: 'string' }, (_req, body, done) => done(null, body));

  app.addHook('onRequest', async (req, reply) => {
    if (!hostAllowed(req.headers.host, deps.port())) {
      return reply
        .code(421)
        .send(
          httpError(
            'http.host_refused',
            'the Host header must name this server on the loopback address (DNS rebinding)',
          ),
        );
    }
    // The route the router matched, not the raw URL: the router decodes percent-escapes, so
    // `/v1/%75i/login-codes` runs the `/v1/ui/login-codes` route and must be judged as it. A request
    // that matches no route is judged by its raw path (and gets 404 once it has the token).
    const path = req.routeOptions.url ?? req.url.split('?')[0]!;
    if (OPEN.has(path) && req.method === 'GET') return;
    const session = cookieValue(req.headers.cookie, UI_COOKIE);
    if (PAGE(path) && req.method === 'GET' && ui.session(session)) return;
    const csrf = req.headers[CSRF_HEADER];
    const viaPage = ui.authorises(session, typeof csrf === 'string' ? csrf : undefined) && !path.startsWith('/v1/ui/');
    if (!viaPage && !bearerMatches(req.headers.authorization, deps.token)) {
      if (PAGE(path))
        return reply
          .code(401)
          .type('text/plain; charset=utf-8')
          .send('shimctl: open the dashboard with `shimctl ui` (it signs this browser in with a one-time link).\n');
      return reply
        .code(401)
        .header('www-authenticate', 'Bearer')
        .send(
          httpError(
            'http.unauthorized',
            "a bearer token is required (the owner-only token file in shimctl's state directory)",
          ),
        );
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      const origin = req.headers.origin;
      if (origin !== undefined && !ownOrigins(deps.port()).includes(origin)) {
        return reply
          .code(403)
          .send(httpError('http.origin_refused', `requests that change state are not accepted from ${origin}`));
      }
    }
  });

  app.get('/health', async () => ({ api_version: API_VERSION, status: 'ok' }));
  registerDecideRoute(app, deps);
  registerAuditRoutes(app, deps);
  registerApprovalRoutes(app, deps);
  registerPolicyRoutes(app, deps);
  registerUiRoutes(app, deps, ui);
  app.setNotFoundHandler((req, reply) => {
    reply.code(404).send(httpError('http.not_found', `no route ${req.method} ${req.url.split('?')[0]}`));
  });
  app.setErrorHandler((err: { statusCode?: number; code?: string; message: string }, _req, reply) => {
    const status = err.statusCode && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 500;
    reply
      .code(status)
      .send(
        httpError(
          status === 413 ? 'request.too_large' : status < 500 ? 'request.invalid' : 'internal.error',
          err.message,
        ),
      );
  });
  return app;
}
