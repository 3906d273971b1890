import type { ConfigRule } from '../policyConfig.js';
import type { ArgView } from '../policy/argView.js';
import type { HostFacts } from '../reviewRequest.js';
import { argsMatch, isWildWord, wordMatches } from './wordPattern.js';

/** Where a command runs, for rule conditions. `state` of the review fits this shape. */
export interface RuleContext {
  cwd: string;
  agent?: string;
  /** Reads the pin files of a pinned approval (projectPin.ts); absent: no pin holds. */
  facts?: Pick<HostFacts, 'digestFiles'>;
}

/** `cwd` conditions: an absolute directory; `/dir/**` also covers everything below it; `*` stays within one segment. */
export function cwdMatches(pattern: string, cwd: string): boolean {
  if (pattern.endsWith('/**')) {
    const base = pattern.slice(0, -3) || '/';
    if (!base.includes('*')) return cwd === base || cwd.startsWith(base === '/' ? '/' : `${base}/`);
  }
  if (!pattern.includes('*')) return cwd === pattern;
  const src = pattern
    .split('/')
    .map((seg) => (seg === '**' ? '\u0000' : seg.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*')))
    .join('/')
    .replace(/\/\u0000/g, '(?:/.*)?')
    .replace(/\u0000/g, '.*');
  return new RegExp(`^${src}$`).test(cwd);
}

/**
 * The words after the rule's subcommand words. Sub-command words are consecutive, and `rest` is
 * everything after the first, so the position comes from the view, never from searching the
 * argv for the word (`git -C push push` names a directory `push` first).
 */
function restAfterSubcommand(rule: ConfigRule, view: ArgView): readonly string[] {
  return view.rest.slice(rule.subcommand!.length - 1);
}

/** Whether `rule` matches this simple command run in `ctx`. */
export function configRuleMatches(rule: ConfigRule, view: ArgView, ctx: RuleContext | undefined): boolean {
  if (rule.command !== view.command) return false;
  let rest: readonly string[] = view.args;
  if (rule.subcommand && rule.subcommand.length > 0) {
    if (view.sub.length < rule.subcommand.length) return false;
    for (let i = 0; i < rule.subcommand.length; i++) if (!wordMatches(rule.subcommand[i]!, view.sub[i]!)) return false;
    rest = restAfterSubcommand(rule, view);
  }
  if (rule.args && !argsMatch(rule.args, rest)) return false;
  if (rule.argsContain && !rule.argsContain.every((w) => view.args.some((a) => wordMatches(w, a)))) return false;
  if (rule.agent !== undefined && rule.agent !== ctx?.agent) return false;
  if (rule.cwd !== undefined && (ctx === undefined || !cwdMatches(rule.cwd, ctx.cwd))) return false;
  return true;
}

const wordWeight = (w: string): number => (isWildWord(w) ? 1 : 2);

/**
 * How specific a rule is (docs/rules.md), compared as [words, conditions]: a literal word counts
 * 2, a word with `*` 1, a last `args` word `*` 0; `args` without that open end adds 1 (the argv
 * is complete). Conditions (`cwd`, `agent`, `session`) break ties between equal patterns: a rule
 * for this project is more specific than the same rule everywhere.
 */
export function specificity(rule: ConfigRule): [number, number] {
  let words = 0;
  for (const w of rule.subcommand ?? []) words += wordWeight(w);
  if (rule.args) {
    const open = rule.args.length > 0 && rule.args[rule.args.length - 1] === '*';
    rule.args.forEach((w, i) => {
      if (!(open && i === rule.args!.length - 1)) words += wordWeight(w);
    });
    if (!open) words += 1;
  }
  for (const w of rule.argsContain ?? []) words += wordWeight(w);
  const conditions =
    (rule.cwd !== undefined ? 1 : 0) + (rule.agent !== undefined ? 1 : 0) + (rule.session !== undefined ? 1 : 0);
  return [words, conditions];
}

export function compareSpecificity(a: [number, number], b: [number, number]): number {
  return a[0] !== b[0] ? a[0] - b[0] : a[1] - b[1];
}
