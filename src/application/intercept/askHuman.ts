import type { ApprovalTrace } from '../ports/auditLog.js';
import type { PolicyConfig } from '../../domain/policyConfig.js';
import type { Verdict } from '../../domain/verdict.js';
import { combineVerdicts, verdict } from '../../domain/verdict.js';
import type { InterceptDeps } from './interceptDeps.js';

export interface AskContext {
  cwd: string;
  command: string;
  agent?: string;
  session?: string;
  /** The model's command inside a recognised envelope, and the envelope's name: shown to the human. */
  reviewed?: string;
  envelope?: string;
  env: Record<string, string | undefined>;
}

/**
 * Turns an `ask` into allow or block. Nobody to ask (CI, approvals off) means block; so does any
 * failure of the approval channel. The resulting verdict keeps the original reasons.
 */
export async function askHuman(
  v: Verdict,
  ctx: AskContext,
  config: PolicyConfig,
  deps: InterceptDeps,
): Promise<{ verdict: Verdict; approval: ApprovalTrace }> {
  if (!config.approvals.enabled || runsInCi(ctx.env.CI)) {
    const why = config.approvals.enabled
      ? `CI=${ctx.env.CI}: nobody can answer an approval here`
      : 'approvals are disabled in the config';
    return {
      verdict: combineVerdicts(verdict('block', v.risk, 'approval.unavailable', why), v),
      approval: { by: 'unavailable' },
    };
  }
  const outcome = await deps.approver
    .request(
      {
        id: deps.newId(),
        agent: ctx.agent,
        session: ctx.session,
        cwd: ctx.cwd,
        command: ctx.command,
        reviewed: ctx.reviewed,
        envelope: ctx.envelope,
        verdict: v,
        createdAt: deps.now().toISOString(),
      },
      config.approvals.timeoutSeconds * 1000,
    )
    .catch((err: unknown) => ({
      granted: false as const,
      by: 'unavailable' as const,
      reason: `approval channel failed: ${String(err)}`,
    }));
  if (outcome.granted) {
    const granted = verdict(
      'allow',
      v.risk,
      outcome.always ? 'approval.granted_always' : 'approval.granted',
      'a human approved this request',
    );
    return {
      verdict: { ...granted, reasons: [...granted.reasons, ...v.reasons], rule_ids: v.rule_ids },
      approval: { by: 'user', always: outcome.always },
    };
  }
  const code =
    outcome.by === 'timeout' ? 'approval.timeout' : outcome.by === 'user' ? 'approval.denied' : 'approval.unavailable';
  const message =
    outcome.reason ??
    (outcome.by === 'timeout'
      ? 'nobody answered in time'
      : outcome.by === 'user'
        ? 'a human denied this request'
        : 'no approval channel');
  return { verdict: combineVerdicts(verdict('block', v.risk, code, message), v), approval: { by: outcome.by } };
}

/** CI runners spell it `true`, `1`, `yes`…; only empty, `0` and `false` mean "not CI" (fail towards no waiting). */
export function runsInCi(value: string | undefined): boolean {
  if (value === undefined) return false;
  const v = value.trim().toLowerCase();
  return v !== '' && v !== '0' && v !== 'false' && v !== 'no';
}
