/**
 * The option model of one tool (or a family sharing one parser): every option the installed
 * tool accepts, with what it does, and what its operands do. Review allows a modelled tool only
 * when every word is modelled and every effect is judged allowed (judgeModel.ts); an option the
 * model lacks asks (`command.unknown_option`). See docs/policy.md, "Option models".
 */

/**
 * What an option's value (or an operand) does.
 * - `none`: data (a pattern, a number, a format): no effect outside the program.
 * - `read` / `write` / `delete`: a path read, written, or deleted/replaced (the path policy).
 * - `list`: a file holding more paths or targets the review cannot see (`--files0-from`).
 * - `exec`: runs a program. `loads`: loads code, config or plugins from there.
 * - `network`: a host or URL (the URL policy). `chdir`: moves the base of relative paths.
 * - `env`: sets a child's environment. `system`: changes machine state (the clock).
 * - `exposes`: prints other processes' secrets (their environments).
 */
export type Effect =
  | 'none'
  | 'read'
  | 'write'
  | 'delete'
  | 'list'
  | 'exec'
  | 'loads'
  | 'network'
  | 'chdir'
  | 'env'
  | 'system'
  | 'exposes';

/** `optional`: GNU `[=ARG]`, attached only (`--color=auto`, `-x5` for a short `x::`). */
export type Arity = 'none' | 'required' | 'optional';

/** A state an option switches on that changes how operands are read. */
/** `inspect`: an action that only reads (`ssh-keygen -l`, `-y`): options like `-f` then read instead of write. */
export type Mode = 'recursive' | 'pattern-given' | 'program-file' | 'inspect';

export interface OptionModel {
  /** Every spelling: `-o`, `--output` (find/ps style: `-name`, BSD `e`). */
  names: readonly string[];
  /** Per spelling where they differ (`tail -f` takes nothing, `--follow[=HOW]` may). */
  arity: Arity;
  /** Short spellings' arity when it differs from the long ones'. */
  shortArity?: Arity;
  /** Words the option consumes after its own when more than one (`jq --rawfile NAME FILE`: 2, find `-exec`: up to `;`/`+`). */
  words?: number | 'command';
  /** The effect of its value (the last value word); for a valueless option, of the option itself. */
  effect: Effect;
  /** The value word the effect applies to when there are several (`find -fprintf FILE FORMAT`: 0). */
  valueAt?: number;
  /** The value is a list of paths joined by this (`file -m a.mgc:b.mgc`). */
  split?: string;
  /** The value path is read or written as a whole tree. */
  recursive?: boolean;
  /** For a valueless option with a path effect (`find -delete`): applies it to the operands (`.` when none). */
  onOperands?: boolean;
  /** Modes switched on; `whenValue` limits that to values with this prefix-of relation (`-d recurse`, `-d rec`). */
  sets?: Mode;
  whenValue?: string;
  /** The effect once a mode is on (`ssh-keygen -f FILE` writes, but reads under `-l`/`-y`): first mode set wins. */
  effectWhen?: Partial<Record<Mode, Effect>>;
  /**
   * The value names a path only after one of these prefixes, with that effect (`-passin file:F`,
   * `-O write-attestation=F`); any other value is data. Replaces `effect` for the value.
   */
  pathAfter?: Readonly<Record<string, Effect>>;
  /** Another stage already reviews this effect (find -exec's command: escapeHatches.ts); the model records it only. */
  reviewedBy?: string;
  /** Why the effect matters, shown in the reason. */
  why?: string;
  /** A command line using the option, words separated by single spaces; the table test runs each. */
  example: string;
}

/** Effects of operands by position: `leading[i]` for the i-th, `rest` for the others. */
export interface OperandModel {
  leading?: readonly Effect[];
  rest: Effect;
  /** Effect of the last operand when there are at least two (`cp`-like); unused by read-only tools. */
  last?: Effect;
  /** At most this many operands (`uniq IN OUT`): more is a usage error, judged as written. */
  max?: number;
  /** Operands matching this are data, whatever their position (`date +%s`). */
  dataIf?: RegExp;
  /** Operands matching this name a file of more arguments (`strings @FILE`): effect `list`. */
  listIf?: RegExp;
}

export interface ToolModel {
  /** Command names this model covers (`grep`, `egrep`, `fgrep`). */
  commands: readonly string[];
  /** Argv grammar: GNU getopt_long (default), find's expression, procps ps, xxd, `single` (openssl: `-name` words, exact). */
  syntax?: 'gnu' | 'find' | 'ps' | 'xxd' | 'single';
  /** GNU getopt_long takes unambiguous long prefixes; jq 1.6 compares exactly. Default true. */
  longPrefixes?: boolean;
  /** Options after operands count (GNU permutation). Default true. */
  permute?: boolean;
  /** Obsolete numeric options (`head -5`, `tail -5f`, `tail +5`): the whole word is one option without effect. */
  numeric?: RegExp;
  options: readonly OptionModel[];
  operands: OperandModel;
  /** Operand effects once a mode is on (`grep -e PAT`: every operand is a file). */
  operandsWhen?: Partial<Record<Mode, OperandModel>>;
  /** The operand used when none is given and the mode is on (`grep -r PAT` searches `.`). */
  implicit?: { raw: string; when?: Mode; recursive?: boolean };
  /** The tool reads every path operand as a whole tree (`rg`, `du`, `tree`). */
  recursive?: boolean;
  /**
   * A tool with subcommands (`git`): `options` are the global ones before the subcommand word
   * (set `permute: false` so the first operand ends them), and the subcommand's own words are
   * judged by its model here, keyed by the subcommand word; its `commands` name it in full
   * (`git status`) and its examples start with those words. A subcommand without a model adds
   * no findings: the tool's rules judge it by name, as for a tool without a model.
   */
  subcommands?: Readonly<Record<string, ToolModel>>;
  /**
   * git's parse-options: every long option also has a `--no-NAME` spelling that turns it off
   * (no effect), unless the model lists that spelling itself.
   */
  negatable?: boolean;
}
