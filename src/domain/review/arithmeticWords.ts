/**
 * The words a builtin evaluates as arithmetic (an array subscript in a variable name, a `let`
 * expression, a `declare -i` value), and whether one names a variable. Bash evaluates a named
 * variable's VALUE as arithmetic in turn, recursively, and a subscript inside that value runs its
 * `$(…)`: after `echo 'a[$(rm -rf ~)]'`, `test -v 'b[_]'` runs rm through `$_` (attack pass 13);
 * `X='a[$(…)]' bash -c 'test -v b[X]'` does through the environment. The review cannot prove a
 * named variable's value free of command substitution, so only numbers and operators (`b[1]`,
 * `b[@]`, `let i=2*3`) stay allowed. Measured on bash 5.2: `shift`, `exit`, `return`, `ulimit`,
 * `read -t/-n`, `mapfile -O/-n`, `test X -eq 1` and `printf %d X` take numbers, not arithmetic.
 */
const NAMES_VARIABLE = /[A-Za-z_]/;

/** `NAME[SUB]` or `NAME[SUB]=VALUE`: SUB; a `[` elsewhere: everything after it (unproven shape). */
function subscriptOf(word: string): string | undefined {
  const open = word.indexOf('[');
  if (open < 0) return undefined;
  const m = /^[^=[]*\[(.*)\](?:\+?=.*)?$/s.exec(word);
  return m ? m[1] : word.slice(open + 1);
}

function subscriptNamesVariable(word: string): boolean {
  const sub = subscriptOf(word);
  return sub !== undefined && NAMES_VARIABLE.test(sub);
}

/** The value words of `-v NAME`/`-vNAME` (printf) or of the word after `-v`/`-R` (test). */
function afterFlag(args: readonly string[], flags: RegExp): string[] {
  const out: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (flags.test(a)) {
      const attached = a.slice(2);
      if (attached !== '') out.push(attached);
      else if (i + 1 < args.length) out.push(args[i + 1]!);
    }
  }
  return out;
}

/** read's options whose value is text, not a variable name (a prompt may say `[y/N]`). */
const READ_TEXT_OPTIONS = /^-[A-Za-z]*[dip]$/;

function readNames(args: readonly string[]): string[] {
  return args.filter((_a, i) => i === 0 || !READ_TEXT_OPTIONS.test(args[i - 1]!));
}

/** `let NAME=EXPR`: the target is a plain name; EXPR (and every other expression) is evaluated. */
function letNamesVariable(expr: string): boolean {
  const rhs = expr.replace(/^\s*[A-Za-z_][A-Za-z0-9_]*\s*=(?!=)/, '');
  return NAMES_VARIABLE.test(rhs);
}

/** declare/typeset/local `-i` (values are arithmetic) or `-n` (a reference evaluated at each use). */
const INTEGER_OR_REFERENCE = /^-[A-Za-z]*[in]/;

/** The first word the builtin would evaluate as arithmetic naming a variable, or undefined. */
export function evaluatedNames(name: string, args: readonly string[]): string | undefined {
  switch (name) {
    case 'test':
    case '[':
      return afterFlag(args, /^-[vR]$/).find(subscriptNamesVariable);
    case 'printf':
      return afterFlag(args.slice(0, 2), /^-v/).find(subscriptNamesVariable);
    case 'let':
      return args.find(letNamesVariable);
    case 'declare':
    case 'typeset':
    case 'local': {
      const flag = args.find((a) => INTEGER_OR_REFERENCE.test(a));
      return flag ?? args.find(subscriptNamesVariable);
    }
    case 'read':
      return readNames(args).find(subscriptNamesVariable);
    case 'export':
    case 'readonly':
    case 'unset':
    case 'getopts':
    case 'mapfile':
    case 'readarray':
    case 'wait':
      return args.find(subscriptNamesVariable);
    default:
      return undefined;
  }
}
