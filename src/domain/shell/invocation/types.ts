/** How a `bash`/`sh` (or nested shell) was invoked, as that shell itself reads its arguments. */
export type ShellInvocation =
  | {
      kind: 'command';
      script: string;
      login: boolean;
      interactive: boolean;
      argv0?: string;
      positional: string[];
      flags: string[];
    }
  | { kind: 'script'; file: string; args: string[]; flags: string[] }
  | { kind: 'interactive'; flags: string[] }
  /** `--version` / `--help`: the shell prints text and runs nothing. */
  | { kind: 'info'; flags: string[] }
  | { kind: 'unsupported'; reason: string };

/**
 * Whose option grammar applies. `bash` and `dash` are modelled exactly (and checked against the
 * real shells); `sh` may be either, so it accepts only what both read the same way; `portable`
 * (zsh, ksh, mksh, busybox ash, ...) is a small common subset that is not checked against them.
 */
export type ShellDialect = 'bash' | 'dash' | 'sh' | 'portable';

/** What the option phase found; turned into a ShellInvocation by `fromOperands`. */
export interface OptionState {
  flags: string[];
  command: boolean;
  login: boolean;
  /** Last `-i`/`+i` wins in both shells. */
  interactive: boolean;
  stdin: boolean;
}

export const unsupported = (reason: string): ShellInvocation => ({ kind: 'unsupported', reason });

/**
 * After the options both shells do the same: with `-c` the first operand is the text and the next
 * ones are `$0 $1 ...`; without it the first operand is a script file, unless `-s` or no operand
 * at all means commands come from stdin.
 */
export function fromOperands(state: OptionState, rest: readonly string[]): ShellInvocation {
  const { flags, login, interactive } = state;
  if (state.command) {
    const [script, argv0, ...positional] = rest;
    if (script === undefined) return unsupported('-c without a command string');
    return argv0 === undefined
      ? { kind: 'command', script, login, interactive, positional: [], flags }
      : { kind: 'command', script, login, interactive, argv0, positional, flags };
  }
  if (state.stdin || rest.length === 0) return { kind: 'interactive', flags };
  const [file, ...args] = rest;
  return { kind: 'script', file: file!, args, flags };
}
