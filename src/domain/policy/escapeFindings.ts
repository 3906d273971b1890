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
