import type { Verdict } from '../verdict.js';
import { verdict } from '../verdict.js';

/**
 * Builtins that evaluate some of their arguments as arithmetic or as array subscripts (variable
 * names like `a[i]`, `let` expressions, `test -v`, `declare -i` values, compound array
 * assignments). Bash expands `$(…)` and backquotes inside those even when the agent's text
 * single-quoted them: `let 'a[$(rm -rf ~)]=1'` runs the command. Measured on bash 5.2 for each
 * name here; `echo` and `printf` without `-v` print their arguments and are not listed.
 */
const EVALUATING = new Set([
  'let',
  'test',
  '[',
  'read',
  'declare',
  'typeset',
  'local',
  'export',
  'readonly',
  'unset',
  'getopts',
  'mapfile',
  'readarray',
  'wait',
]);

/** Options by which these builtins run a command or a function of their own. */
const RUNS_CODE: Record<string, RegExp> = {
  compgen: /^-[A-Za-z]*[CF]/,
  complete: /^-[A-Za-z]*[CF]/,
  mapfile: /^-[A-Za-z]*C/,
  readarray: /^-[A-Za-z]*C/,
};

const EXPANDS = /[$`]/;

function evaluates(name: string, args: readonly string[]): boolean {
  if (EVALUATING.has(name)) return true;
  // printf evaluates only its `-v NAME` target; its format and data are printed.
  return name === 'printf' && (args[0] ?? '').startsWith('-v');
}

/**
 * Ask when a builtin would evaluate text that holds `$` or a backquote (in its arguments, or in an
 * assignment placed before it, which `let x` then evaluates), and when it is told to run a command.
 */
export function builtinEvaluationVerdict(
  name: string,
  args: readonly string[],
  assignmentValues: readonly string[] = [],
): Verdict | undefined {
  const runs = RUNS_CODE[name];
  if (runs && args.some((a) => runs.test(a))) {
    return verdict('ask', 'high', 'command.inline_code', `${name} -C/-F runs a command or function of its own`);
  }
  if (evaluates(name, args) && [...args, ...assignmentValues].some((a) => EXPANDS.test(a))) {
    return verdict(
      'ask',
      'high',
      'command.inline_code',
      `bash evaluates ${name}'s arguments as arithmetic or array subscripts, where $(…) and backquotes run even inside single quotes`,
    );
  }
  return undefined;
}
