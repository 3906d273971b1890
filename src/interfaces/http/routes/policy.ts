import type { FastifyInstance } from 'fastify';
import { BUILTIN_PACKS } from '../../../domain/policy/packs/index.js';
import { API_VERSION } from '../../api/apiError.js';
import { httpError } from '../httpError.js';
import type { HttpDeps } from '../httpDeps.js';

/** `GET /v1/rules`: the rules in effect for the home directory: the user's config rules, then the built-in packs. */
export function registerPolicyRoutes(app: FastifyInstance, deps: HttpDeps): void {
  app.get('/v1/rules', async (_req, reply) => {
    const d = deps.decide();
    const loaded = d.configSource.load(d.env.HOME ?? '/');
    if (loaded.kind !== 'ok')
      return reply
        .code(503)
        .send(
          httpError(
            'config.unusable',
            `the config does not load (${loaded.kind}); every intercepted command is blocked until it is fixed`,
          ),
        );
    const builtin = Object.entries(BUILTIN_PACKS).flatMap(([pack, rules]) =>
      rules.map((r) => ({
        pack,
        id: r.id,
        commands: [...r.commands],
        decision: r.decision,
        risk: r.risk,
        code: r.code,
        reason: r.reason,
      })),
    );
    return { api_version: API_VERSION, engine: loaded.config.engine, config: loaded.config.rules, builtin };
  });
}
