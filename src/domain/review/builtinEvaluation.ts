import type { Verdict } from '../verdict.js';
import { verdict } from '../verdict.js';
import { evaluatedNames } from './arithmeticWords.js';

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

/**
 * Options by which these builtins run a command or a function of their own, now or later in the
 * same shell (measured on bash 5.2; attack pass 13 found `jobs -x rm -rf ~` allowed).
 */
const RUNS_CODE: Record<string, { option: RegExp; why: string }> = {
  compgen: { option: /^-[A-Za-z]*[CF]/, why: 'compgen -C/-F runs a command or function of its own' },
  complete: { option: /^-[A-Za-z]*[CF]/, why: 'complete -C/-F runs a command or function of its own' },
  mapfile: { option: /^-[A-Za-z]*C/, why: 'mapfile -C runs a callback of its own' },
  readarray: { option: /^-[A-Za-z]*C/, why: 'readarray -C runs a callback of its own' },
  jobs: { option: /^-[A-Za-z]*x/, why: 'jobs -x runs the command that follows it' },
  hash: { option: /^-[A-Za-z]*p/, why: 'hash -p PATH NAME makes NAME run PATH in this shell' },
  bind: { option: /^-[A-Za-z]*x/, why: 'bind -x binds a key to a shell command' },
};

/**
 * Builtins that put a word list through every shell expansion, command substitution included:
 * `compgen -W '$(rm -rf ~)'` runs rm (attack pass 13); `complete -W` does at completion time.
 */
const EXPANDS_WORD_LIST = new Set(['compgen', 'complete']);

const EXPANDS = /[$`]/;

function evaluates(name: string, args: readonly string[]): boolean {
  if (EVALUATING.has(name)) return true;
  // printf evaluates only its `-v NAME` target; its format and data are printed.
  return name === 'printf' && (args[0] ?? '').startsWith('-v');
}

/**
 * Ask when a builtin would evaluate text that holds `$` or a backquote (in its arguments, or in an
 * assignment placed before it, which `let x` then evaluates), when it evaluates arithmetic that
 * names a variable (whose value, `$_` or one from the environment, bash evaluates in turn), and
 * when it is told to run a command.
 */
export function builtinEvaluationVerdict(
  name: string,
  args: readonly string[],
  assignmentValues: readonly string[] = [],
): Verdict | undefined {
  const runs = RUNS_CODE[name];
  if (runs && args.some((a) => runs.option.test(a))) {
    return verdict('ask', 'high', 'command.inline_code', runs.why);
  }
  const expandsText = EXPANDS_WORD_LIST.has(name) || evaluates(name, args);
  if (expandsText && [...args, ...assignmentValues].some((a) => EXPANDS.test(a))) {
    return verdict(
      'ask',
      'high',
      'command.inline_code',
      `bash evaluates ${name}'s arguments as arithmetic, array subscripts or expanded words, where $(…) and backquotes run even inside single quotes`,
    );
  }
  const named = evaluatedNames(name, args);
  if (named !== undefined) {
    return verdict(
      'ask',
      'high',
      'command.inline_code',
      `${name} evaluates ${JSON.stringify(named)} as arithmetic: a variable named there has its value evaluated too, and a $(…) in that value (from $_, an earlier assignment or the environment) runs`,
    );
  }
  return undefined;
}
