import type { PathArg } from '../paths/judgePaths.js';
import type { Verdict } from '../verdict.js';
import { verdict } from '../verdict.js';

/** What an escape hatch makes a program run: verdicts, shell text and argv to review in turn, extra paths. */
export interface EscapeFindings {
  verdicts: Verdict[];
  shellTexts: Array<{ text: string; why: string }>;
  /** `viaExec`: the program execs a binary from PATH (no shell builtins), like `find -exec`. */
  commands: Array<{ argv: string[]; why: string; viaExec?: boolean }>;
  paths: PathArg[];
}

export const hatch = (why: string, risk: 'medium' | 'high' = 'high'): Verdict =>
  verdict('ask', risk, 'command.escape_hatch', why);

/**
 * A program that prints the environment (`jq -n env`, awk's ENVIRON): the verdict `env` and
 * `printenv` get with no arguments (core:print-environment), since it often holds tokens and keys.
 */
export const printsEnvironment = (what: string): Verdict =>
  verdict(
    'ask',
    'medium',
    'command.asked',
    `${what} prints the environment, which often holds tokens and keys`,
    'core:print-environment',
  );
