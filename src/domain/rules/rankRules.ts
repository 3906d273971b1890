import type { ConfigRule } from '../policyConfig.js';
import type { ArgView } from '../policy/argView.js';
import { decisionRank } from '../verdict.js';
import type { RuleContext } from './ruleMatch.js';
import { compareSpecificity, configRuleMatches, specificity } from './ruleMatch.js';
import { pinHolds } from '../approvals/projectPin.js';

/**
 * The config rules that matched one simple command, ranked (docs/rules.md):
 * - `floors`: ask/block rules of the managed layer and of project files. They always count and
 *   nothing outranks them: a managed block is absolute, and a project file (untrusted, it comes
 *   with the repository) can only tighten, so a user rule never has to beat it on specificity
 *   and it can never beat a stricter user rule by being more specific.
 * - `winner`: among the other matching rules (the user's, saved approvals, managed allows), the
 *   most specific; on a tie the stricter decision; on a tie of both, the first in file order.
 * - `outranked`: the other contenders, for `explain`.
 * - `unpinned`: pinned project approvals that matched but whose pin no longer holds (the files
 *   that define what runs changed, or cannot be read): they take no part (projectPin.ts).
 */
export interface RankedRules {
  winner?: ConfigRule;
  outranked: ConfigRule[];
  floors: ConfigRule[];
  unpinned: ConfigRule[];
}

const isFloor = (r: ConfigRule): boolean => r.decision !== 'allow' && (r.layer === 'managed' || r.layer === 'project');

export function rankRules(view: ArgView, rules: readonly ConfigRule[], ctx: RuleContext | undefined): RankedRules {
  const floors: ConfigRule[] = [];
  const contenders: ConfigRule[] = [];
  const unpinned: ConfigRule[] = [];
  for (const rule of rules) {
    if (!configRuleMatches(rule, view, ctx)) continue;
    // The files are read only here, for a pinned rule that matched (the hot path pays nothing else).
    // A pin only ever narrows an allow: an ask or block rule applies whatever its pin says.
    if (rule.pin !== undefined && rule.decision === 'allow' && !pinHolds(rule, ctx?.cwd, ctx?.facts)) {
      unpinned.push(rule);
      continue;
    }
    (isFloor(rule) ? floors : contenders).push(rule);
  }
  let winner: ConfigRule | undefined;
  let best: [number, number] | undefined;
  for (const rule of contenders) {
    const s = specificity(rule);
    const cmp = best === undefined ? 1 : compareSpecificity(s, best);
    if (cmp > 0 || (cmp === 0 && decisionRank(rule.decision) > decisionRank(winner!.decision))) {
      winner = rule;
      best = s;
    }
  }
  return { winner, outranked: contenders.filter((r) => r !== winner), floors, unpinned };
}
