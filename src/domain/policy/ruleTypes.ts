import type { ReasonCode } from '../reasonCodes.js';
import type { Decision, Risk } from '../verdict.js';
import type { ArgView } from './argView.js';
import { hasFlag, hasLongFlag } from './argView.js';

export type ArgTest = (v: ArgView) => boolean;

/**
 * A built-in rule: data with a stable id (`pack:rule-name`). It matches when the canonical
 * command is one of `commands`, the subcommand words start with `sub`, and `when` holds.
 * `examples` are checked by the test suite: each `match` must match, each `noMatch` must not.
 */
export interface BuiltinRule {
  id: string;
  commands: readonly string[];
  sub?: readonly string[];
  when?: ArgTest;
  decision: Decision;
  risk: Risk;
  code: ReasonCode;
  reason: string;
  examples: { match: readonly string[]; noMatch: readonly string[] };
  /** When a final rule matches, the other built-in rules for this command are not consulted (pure queries). */
  final?: boolean;
}

// Small combinators so rules read as data.
export const flag =
  (shorts: string, ...longs: string[]): ArgTest =>
  (v) =>
    hasFlag(v.args, shorts, ...longs);
export const subFlag =
  (shorts: string, ...longs: string[]): ArgTest =>
  (v) =>
    hasFlag(v.rest, shorts, ...longs);
export const long =
  (name: string): ArgTest =>
  (v) =>
    hasLongFlag(v.args, name);
export const arg =
  (...words: string[]): ArgTest =>
  (v) =>
    v.args.some((a) => words.includes(a));
export const argPrefix =
  (...prefixes: string[]): ArgTest =>
  (v) =>
    v.args.some((a) => prefixes.some((p) => a.startsWith(p)));
export const argMatches =
  (re: RegExp): ArgTest =>
  (v) =>
    v.args.some((a) => re.test(a));
export const noArgs: ArgTest = (v) => v.args.length === 0;
export const onlyArgs =
  (...words: string[]): ArgTest =>
  (v) =>
    v.args.length > 0 && v.args.every((a) => words.includes(a));
export const subCount =
  (n: number): ArgTest =>
  (v) =>
    v.sub.length === n;
export const not =
  (t: ArgTest): ArgTest =>
  (v) =>
    !t(v);
export const all =
  (...ts: ArgTest[]): ArgTest =>
  (v) =>
    ts.every((t) => t(v));
export const any =
  (...ts: ArgTest[]): ArgTest =>
  (v) =>
    ts.some((t) => t(v));

export function ruleMatches(rule: BuiltinRule, view: ArgView): boolean {
  return rule.commands.includes(view.command) && ruleMatchesArgs(rule, view);
}

/** The sub-command and argument tests only: for callers that already picked rules by command. */
export function ruleMatchesArgs(rule: BuiltinRule, view: ArgView): boolean {
  if (rule.sub) {
    if (view.sub.length < rule.sub.length) return false;
    for (let i = 0; i < rule.sub.length; i++) if (view.sub[i] !== rule.sub[i]) return false;
  }
  return rule.when ? rule.when(view) : true;
}
