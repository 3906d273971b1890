/**
 * An agent start-up script that takes the model's command as an ARGUMENT, not inside its text:
 * `bash -c '<fixed script>' NAME ARG1 ARG2 …` (Factory Droid's supervisor). The script uses shell
 * the grammar does not judge (functions, loops, `$( )`), so it is recognised by its exact bytes,
 * and every argument is pinned: a fixed word, a pattern, or the one argument that is the
 * model's command (reviewed like any command). Data only: each agent's own description
 * (installers/agents/<agent>.ts) holds its scripts; the review reads them from HostFacts.
 */
export interface ArgvEnvelope {
  /** The agent that runs it (the launcher's name): no other agent's shell is matched. */
  agent: string;
  /** Stable name for the verdict trace and audit. */
  name: string;
  /** The script, byte for byte as captured. */
  script: string;
  /** `$0`, exactly. */
  argv0: string;
  /**
   * `$1 $2 …`, all of them, in order: `{ exact }` a fixed word, `{ pattern }` a whole-word regular
   * expression (e.g. a pid), `{ command: true }` the model's command. Exactly one is the command.
   */
  positional: ReadonlyArray<{ exact: string } | { pattern: string } | { command: true }>;
}

/** The invocation's `$0` and `$1 …` (the BASH_ENV guard passes them along with the `-c` text). */
export interface InvocationArgs {
  argv0?: string;
  positional: readonly string[];
}

/**
 * The model's command when text and arguments are exactly this script's; undefined otherwise.
 * A missing, extra or different argument is no match, so the text is judged as shell (and the
 * supervisor script, outside the grammar's subset, is refused).
 */
export function matchArgvEnvelope(env: ArgvEnvelope, text: string, args: InvocationArgs): string | undefined {
  if (text !== env.script || args.argv0 !== env.argv0) return undefined;
  if (args.positional.length !== env.positional.length) return undefined;
  let inner: string | undefined;
  for (let i = 0; i < env.positional.length; i++) {
    const spec = env.positional[i]!;
    const value = args.positional[i]!;
    if ('command' in spec) {
      if (inner !== undefined) return undefined;
      inner = value;
    } else if ('exact' in spec) {
      if (value !== spec.exact) return undefined;
    } else if (!new RegExp(`^(?:${spec.pattern})$`).test(value)) return undefined;
  }
  return inner;
}
