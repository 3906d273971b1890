import type { FastifyInstance } from 'fastify';
import { approveAlways, approveOnce, denyRequest } from '../../../application/approvals/answerRequest.js';
import { answerable } from '../../../application/approvals/findRequest.js';
import type { AlwaysScope } from '../../../domain/approvals/alwaysRule.js';
import { API_VERSION } from '../../api/apiError.js';
import { jsonEntry } from '../../cli/approvals/renderPending.js';
import { httpError } from '../httpError.js';
import type { HttpDeps } from '../httpDeps.js';

interface AnswerBody {
  action?: unknown;
  scope?: unknown;
  reason?: unknown;
}

/** `GET /v1/approvals`, `POST /v1/approvals/{id}`: the CLI's store, signing and answerer rules. */
export function registerApprovalRoutes(app: FastifyInstance, deps: HttpDeps): void {
  app.get('/v1/approvals', async () => {
    const wiring = deps.approvals();
    return { api_version: API_VERSION, pending: answerable(wiring.store).map((s) => jsonEntry(s.request)) };
  });

  app.post('/v1/approvals/:id', async (req, reply) => {
    let body: AnswerBody;
    try {
      body = JSON.parse(typeof req.body === 'string' ? req.body : '') as AnswerBody;
      if (!body || typeof body !== 'object' || Array.isArray(body)) throw new Error('not an object');
    } catch {
      return reply
        .code(400)
        .send(
          httpError(
            'request.invalid_json',
            'the body must be a JSON object: {"action":"approve"|"approve_always"|"deny", "scope"?, "reason"?}',
          ),
        );
    }
    const { action, scope, reason } = body;
    for (const k of Object.keys(body))
      if (!['action', 'scope', 'reason'].includes(k))
        return reply.code(400).send(httpError('request.unknown_field', `unknown field '${k}'`));
    if (action !== 'approve' && action !== 'approve_always' && action !== 'deny')
      return reply.code(400).send(httpError('request.invalid_value', 'action must be approve, approve_always or deny'));
    if (scope !== undefined && (action !== 'approve_always' || (scope !== 'command' && scope !== 'subcommand')))
      return reply
        .code(400)
        .send(httpError('request.invalid_value', 'scope (command or subcommand) goes with approve_always only'));
    if (reason !== undefined && (action !== 'deny' || typeof reason !== 'string' || reason.length > 500))
      return reply
        .code(400)
        .send(httpError('request.invalid_value', 'reason (a string of at most 500 characters) goes with deny only'));
    // The same rule as the CLI: never an answer from inside an agent's own process tree.
    const refused = deps.refusePeer(req.socket.remotePort ?? 0);
    if (refused)
      return reply
        .code(403)
        .send(
          httpError(
            'approvals.answer_refused',
            `refused: ${refused}. Answer approvals from your own browser or terminal, outside the agent.`,
          ),
        );
    const wiring = deps.approvals();
    const id = (req.params as { id: string }).id;
    const result =
      action === 'deny'
        ? await denyRequest(wiring.store, id, reason as string | undefined)
        : action === 'approve'
          ? await approveOnce(wiring.store, id)
          : await approveAlways(wiring.store, id, (scope ?? 'command') as AlwaysScope, wiring.always);
    if (!result.ok) return reply.code(409).send(httpError('approvals.not_answered', result.message));
    return {
      api_version: API_VERSION,
      id: result.id,
      answer: action === 'deny' ? 'deny' : 'approve',
      ...(result.rule
        ? { rule: result.rule.rule, rule_file: result.rule.file ?? null, duplicate: result.rule.duplicate }
        : {}),
    };
  });
}
