import type { ConfigRule, PolicyConfig } from '../policyConfig.js';
import type { Verdict } from '../verdict.js';
import { combineVerdicts, verdict } from '../verdict.js';
import type { ArgView } from './argView.js';
import { RULES_BY_COMMAND } from './packs/index.js';
import { ruleMatchesArgs } from './ruleTypes.js';
import type { BuiltinRule } from './ruleTypes.js';
import { combine } from '../review/combine.js';

function configRuleMatches(rule: ConfigRule, view: ArgView): boolean {
  if (rule.command !== view.command) return false;
  let rest: readonly string[] = view.args;
  if (rule.subcommand && rule.subcommand.length > 0) {
    for (let i = 0; i < rule.subcommand.length; i++) if (view.sub[i] !== rule.subcommand[i]) return false;
    // Remaining argv: everything after the last subcommand word.
    const last = rule.subcommand[rule.subcommand.length - 1]!;
    const at = view.args.indexOf(last, view.args.indexOf(rule.subcommand[0]!));
    rest = view.args.slice(at + 1);
  }
  if (rule.args && (rule.args.length !== rest.length || rule.args.some((a, i) => a !== rest[i]))) return false;
  if (rule.argsContain && !rule.argsContain.every((w) => view.args.includes(w))) return false;
  return true;
}

function configVerdict(rule: ConfigRule): Verdict {
  const code = rule.decision === 'allow' ? 'command.allowed' : rule.decision === 'ask' ? 'command.asked' : 'command.blocked';
  return verdict(rule.decision, rule.risk ?? (rule.decision === 'block' ? 'high' : rule.decision === 'ask' ? 'medium' : 'low'), code, rule.reason ?? `config rule ${rule.id}`, rule.id);
}

/**
 * The rules stage. Among the config rules that match, an `ask`/`block` always counts (so a
 * project rule can tighten even where the user allowed), and a user `allow` replaces the
 * built-in answer only when no config rule asks or blocks. Config `ask`/`block` rules are
 * combined with the built-ins, so they can only tighten. Built-ins: every matching enabled
 * rule counts and the strictest wins, unless a `final` rule (a pure query such as
 * `--version`) matched. Nothing matched ⇒ ask `command.unknown`.
 */
interface ConfigMatches {
  allow?: ConfigRule;
  tightening: Verdict[];
}

function matchConfigRules(view: ArgView, config: PolicyConfig): ConfigMatches {
  const found: ConfigMatches = { tightening: [] };
  for (const rule of config.rules) {
    if (!configRuleMatches(rule, view)) continue;
    if (rule.decision === 'allow') found.allow ??= rule;
    else found.tightening.push(configVerdict(rule));
  }
  return found;
}

/** A config rule allowing this command, when no config rule asks or blocks it (used where built-ins are not rules, e.g. interpreters). */
export function configAllow(view: ArgView, config: PolicyConfig): Verdict | undefined {
  if (config.rules.length === 0) return undefined;
  const { allow, tightening } = matchConfigRules(view, config);
  return allow && tightening.length === 0 ? configVerdict(allow) : undefined;
}

export function evaluateRules(view: ArgView, config: PolicyConfig): Verdict {
  if (config.rules.length === 0) return evaluateBuiltins(view, config.disabledRules);
  const { allow, tightening } = matchConfigRules(view, config);
  if (tightening.length === 0) return allow ? configVerdict(allow) : evaluateBuiltins(view, config.disabledRules);
  const configured = combineVerdicts(...tightening);
  if (allow) return configured;
  const builtin = evaluateBuiltins(view, config.disabledRules);
  return builtin.reasons.some((r) => r.code === 'command.unknown') ? configured : combineVerdicts(configured, builtin);
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
