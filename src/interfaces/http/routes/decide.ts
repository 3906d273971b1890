import type { FastifyInstance } from 'fastify';
import { EXIT_BAD_REQUEST, handleDecide } from '../../api/handleDecide.js';
import type { HttpDeps } from '../httpDeps.js';

/** `POST /v1/decide`: the contract of `decide --json`; a malformed request is 400 with the same error body. */
export function registerDecideRoute(app: FastifyInstance, deps: HttpDeps): void {
  app.post('/v1/decide', async (req, reply) => {
    const text = typeof req.body === 'string' ? req.body : '';
    const r = await handleDecide(text, () => deps.decide());
    reply
      .code(r.exitCode === EXIT_BAD_REQUEST ? 400 : 200)
      .header('content-type', 'application/json; charset=utf-8')
      .send(r.body);
  });
}
