import type { ConfigRule, PolicyConfig } from '../policyConfig.js';
import type { Verdict } from '../verdict.js';
import { higherRisk, riskRank, verdict } from '../verdict.js';
import type { ArgView } from './argView.js';
import { RULES_BY_COMMAND } from './packs/index.js';
import { ruleMatchesArgs } from './ruleTypes.js';
import type { BuiltinRule } from './ruleTypes.js';
import { combineVerdicts as combine } from '../verdict.js';
import type { RuleContext } from '../rules/ruleMatch.js';
import { rankRules } from '../rules/rankRules.js';
import type { RankedRules } from '../rules/rankRules.js';
import { pinFilesFor } from '../approvals/projectPin.js';
import { basenamePosix } from '../paths/posixPath.js';
import { isCritical } from '../unliftable.js';

/** Notes for `explain`: which rule decided, which it outranked, why an allow did not lift. */
export type RuleNote = (detail: string) => void;

function configVerdict(rule: ConfigRule): Verdict {
  if (rule.layer === 'managed' && rule.decision !== 'allow') {
    return verdict(
      rule.decision,
      rule.risk ?? (rule.decision === 'block' ? 'high' : 'medium'),
      'config.managed',
      rule.reason ?? `managed rule ${rule.id}`,
      rule.id,
    );
  }
  const code =
    rule.decision === 'allow' ? 'command.allowed' : rule.decision === 'ask' ? 'command.asked' : 'command.blocked';
  return verdict(
    rule.decision,
    rule.risk ?? (rule.decision === 'block' ? 'high' : rule.decision === 'ask' ? 'medium' : 'low'),
    code,
    rule.reason ?? `config rule ${rule.id}`,
    rule.id,
  );
}

/**
 * What a winning allow rule makes of the built-in verdict, or why it cannot lift it. It keeps the
 * built-in risk (an allow says "run it", not "it is harmless") and names itself first. It never
 * lifts a critical built-in verdict, and a rule saved by "approve always" lifts only what the
 * human saw: no built-in rule id outside `lifts`, no risk above `maxRisk`.
 */
function liftBuiltin(rule: ConfigRule, builtin: Verdict): Verdict | string {
  if (isCritical(builtin)) return `${rule.id} does not lift a critical verdict`;
  if (rule.lifts) {
    const extra = builtin.rule_ids.filter((id) => !rule.lifts!.includes(id));
    if (extra.length)
      return `${rule.id} was approved for ${rule.lifts.join(', ') || 'an unknown command'}, not ${extra.join(', ')}`;
  }
  if (rule.maxRisk && riskRank(builtin.risk) > riskRank(rule.maxRisk))
    return `${rule.id} was approved at risk ${rule.maxRisk}; this is ${builtin.risk}`;
  const own = configVerdict(rule);
  return {
    decision: 'allow',
    risk: higherRisk(builtin.risk, own.risk),
    reasons: own.reasons,
    rule_ids: [rule.id, ...builtin.rule_ids.filter((id) => id !== rule.id)],
  };
}

const isUnknown = (v: Verdict): boolean => v.reasons.some((r) => r.code === 'command.unknown');

/**
 * The rules stage (docs/rules.md). Config rules are ranked (see `rankRules`): the most specific
 * user rule decides against the built-ins, managed and project ask/block rules are floors that
 * always count. A deciding `ask`/`block` is combined with the built-ins (it can only tighten;
 * against `command.unknown` it replaces it). A deciding `allow` lifts the built-in verdict as
 * `liftBuiltin` says. Nothing matched ⇒ the built-ins; no built-in ⇒ ask `command.unknown`.
 */
export function evaluateRules(view: ArgView, config: PolicyConfig, ctx?: RuleContext, note?: RuleNote): Verdict {
  if (config.rules.length === 0) return evaluateBuiltins(view, config.disabledRules);
  const ranked = rankRules(view, config.rules, ctx);
  const decided = decideRanked(view, config, ranked, note);
  return ranked.unpinned.length === 0 ? decided : withUnpinned(decided, ranked.unpinned, note);
}

/**
 * A pinned project approval matched but its pin no longer holds: when nothing else allows the
 * command, the ask says why (the human approved other files than the ones that would run now).
 */
function withUnpinned(decided: Verdict, unpinned: readonly ConfigRule[], note?: RuleNote): Verdict {
  const ids = unpinned.map((r) => r.id);
  note?.(
    `approval(s) ${ids.join(', ')} do not apply: the files that define what runs changed since approval, or cannot be read`,
  );
  if (decided.decision !== 'ask') return decided;
  const why = verdict(
    'ask',
    decided.risk,
    'approval.pin_changed',
    `${ids.join(', ')} was approved for other contents of the files that define what this command runs (${basenamePosix(unpinned[0]!.command)}: ${(pinFilesFor(unpinned[0]!.command) ?? []).join(', ')}); they changed or cannot be read, so it asks again`,
  );
  return combine(why, decided);
}

function decideRanked(view: ArgView, config: PolicyConfig, ranked: RankedRules, note?: RuleNote): Verdict {
  const { winner, outranked, floors } = ranked;
  const builtin = evaluateBuiltins(view, config.disabledRules);
  if (note && winner)
    note(
      `config rule ${winner.id} (${winner.layer ?? 'user'}) decides${outranked.length ? `; it outranks ${outranked.map((r) => r.id).join(', ')}` : ''}`,
    );
  let decided = builtin;
  if (winner?.decision === 'allow') {
    const lifted = liftBuiltin(winner, builtin);
    if (typeof lifted === 'string') note?.(lifted);
    else decided = lifted;
  } else if (winner) {
    decided = isUnknown(builtin) ? configVerdict(winner) : combine(configVerdict(winner), builtin);
  }
  if (floors.length === 0) return decided;
  if (note) note(`floor rule(s) ${floors.map((r) => `${r.id} (${r.layer})`).join(', ')} always count`);
  const floorVerdicts = floors.map(configVerdict);
  return isUnknown(decided) ? combine(...floorVerdicts) : combine(decided, ...floorVerdicts);
}

/**
 * For callers whose built-in answer is not a rule (interpreters): the winning allow rule's verdict
 * when no floor matched, or the floors' verdict (to be combined), or undefined.
 */
export function configAllow(view: ArgView, config: PolicyConfig, ctx?: RuleContext): Verdict | undefined {
  if (config.rules.length === 0) return undefined;
  const { winner, floors } = rankRules(view, config.rules, ctx);
  if (floors.length) return combine(...floors.map(configVerdict));
  if (winner) return configVerdict(winner);
  return undefined;
}

// A built-in rule always yields the same verdict: build it once, frozen so no caller can change
// what the next review sees (a write would throw, and the review would fail closed).
const RULE_VERDICTS = new WeakMap<BuiltinRule, Verdict>();

function ruleVerdict(rule: BuiltinRule): Verdict {
  let v = RULE_VERDICTS.get(rule);
  if (!v) {
    const built = verdict(rule.decision, rule.risk, rule.code, rule.reason, rule.id);
    built.reasons.forEach((r) => Object.freeze(r));
    Object.freeze(built.reasons);
    Object.freeze(built.rule_ids);
    v = Object.freeze(built);
    RULE_VERDICTS.set(rule, v);
  }
  return v;
}

export function evaluateBuiltins(view: ArgView, disabled: readonly string[]): Verdict {
  const candidates = RULES_BY_COMMAND.get(view.command);
  const hits: Verdict[] = [];
  if (candidates) {
    for (const rule of candidates) {
      if (disabled.length > 0 && disabled.includes(rule.id)) continue;
      // RULES_BY_COMMAND already chose the rules for this command: only the arguments are left.
      if (!ruleMatchesArgs(rule, view)) continue;
      const v = ruleVerdict(rule);
      if (rule.final) return v;
      hits.push(v);
    }
  }
  if (hits.length === 0) {
    const what = view.sub.length > 0 && candidates ? `${view.command} ${view.sub[0]}` : view.command;
    return verdict('ask', 'medium', 'command.unknown', `'${what}' is not in the policy; deny by default asks a human`);
  }
  return hits.length === 1 ? hits[0]! : combine(...hits);
}
