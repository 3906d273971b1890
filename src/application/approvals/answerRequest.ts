import type { AlwaysScope, AlwaysWhereName } from '../../domain/approvals/alwaysRule.js';
import type { ConfigRule } from '../../domain/policyConfig.js';
import type { ApprovalStore, UserRuleWriter } from './approvalStore.js';
import { findRequest } from './findRequest.js';
import type { AlwaysDeps } from './planAlwaysRule.js';
import { planAlwaysRule } from './planAlwaysRule.js';

export type AnswerResult =
  | { ok: true; id: string; rule?: { rule: ConfigRule; file?: string; duplicate: boolean } }
  | { ok: false; message: string };

export async function denyRequest(store: ApprovalStore, id: string, reason?: string): Promise<AnswerResult> {
  const found = findRequest(store, id);
  if (!found.ok) return found;
  const out = store.answer(found.stored.request, 'deny', { reason });
  return out.ok ? { ok: true, id: found.stored.request.id } : out;
}

export async function approveOnce(store: ApprovalStore, id: string): Promise<AnswerResult> {
  const found = findRequest(store, id);
  if (!found.ok) return found;
  const out = store.answer(found.stored.request, 'approve', {});
  return out.ok ? { ok: true, id: found.stored.request.id } : out;
}

/**
 * Saves the narrow allow rule in the user's config (unless an identical one is there), then
 * approves. If the rule cannot be saved nothing is answered: the user decides again, knowing why.
 */
export async function approveAlways(
  store: ApprovalStore,
  id: string,
  scope: AlwaysScope,
  deps: AlwaysDeps & { rules: UserRuleWriter },
  where: AlwaysWhereName = 'project',
): Promise<AnswerResult> {
  const found = findRequest(store, id);
  if (!found.ok) return found;
  const request = found.stored.request;
  const plan = await planAlwaysRule(request, scope, deps, where);
  if (!plan.ok) return plan;
  let file: string | undefined;
  if (!plan.duplicate) {
    const added = deps.rules.add(plan.rule, plan.replaces);
    if (!added.ok)
      return { ok: false, message: `the rule was not saved to ${added.file}: ${added.message}; nothing was answered` };
    file = added.file;
  }
  const out = store.answer(request, 'approve', { always: true });
  if (!out.ok)
    return {
      ok: false,
      message: `${out.message} (the rule was saved${file ? ` to ${file}` : ''}; it applies from the next request)`,
    };
  return { ok: true, id: request.id, rule: { rule: plan.rule, file, duplicate: plan.duplicate } };
}
