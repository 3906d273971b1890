import type { ConfigRule, PolicyConfig } from '../policyConfig.js';
import type { Verdict } from '../verdict.js';
import { combineVerdicts, verdict } from '../verdict.js';
import type { ArgView } from './argView.js';
import { RULES_BY_COMMAND } from './packs/index.js';
import { ruleMatches } from './ruleTypes.js';

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
 * The rules stage. Config rules come first (first match): a matching `allow` replaces the
 * built-in answer (the user chose it; the config loader keeps projects from adding allows),
 * a matching `ask`/`block` is combined with the built-ins so it can only tighten.
 * Built-ins: every matching enabled rule counts and the strictest wins, unless a `final` rule
 * (a pure query such as `--version`) matched. Nothing matched ⇒ ask `command.unknown`.
 */
/** The first config rule matching this command, if it allows it (used where built-ins are not rules, e.g. interpreters). */
export function configAllow(view: ArgView, config: PolicyConfig): Verdict | undefined {
  const user = config.rules.find((r) => configRuleMatches(r, view));
  return user && user.decision === 'allow' ? configVerdict(user) : undefined;
}

export function evaluateRules(view: ArgView, config: PolicyConfig): Verdict {
  const user = config.rules.find((r) => configRuleMatches(r, view));
  if (user && user.decision === 'allow') return configVerdict(user);
  const builtin = evaluateBuiltins(view, config.disabledRules);
  if (!user) return builtin;
  return builtin.reasons.some((r) => r.code === 'command.unknown') ? configVerdict(user) : combineVerdicts(configVerdict(user), builtin);
}

export function evaluateBuiltins(view: ArgView, disabled: readonly string[]): Verdict {
  const candidates = RULES_BY_COMMAND.get(view.command);
  const hits: Verdict[] = [];
  if (candidates) {
    for (const rule of candidates) {
      if (disabled.length > 0 && disabled.includes(rule.id)) continue;
      if (!ruleMatches(rule, view)) continue;
      const v = verdict(rule.decision, rule.risk, rule.code, `${rule.reason}`, rule.id);
      if (rule.final) return v;
      hits.push(v);
    }
  }
  if (hits.length === 0) {
    const what = view.sub.length > 0 && candidates ? `${view.command} ${view.sub[0]}` : view.command;
    return verdict('ask', 'medium', 'command.unknown', `'${what}' is not in the policy; deny by default asks a human`);
  }
  return hits.length === 1 ? hits[0]! : combineVerdicts(...hits);
}
