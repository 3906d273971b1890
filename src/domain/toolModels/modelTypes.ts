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
 * - `sends`: puts data the command line chooses into the packets it sends (`ping -p PATTERN`).
 * - `remote`: the command runs against another machine or container (`systemctl -H HOST` runs ssh).
 * - `credential`: chooses the credentials or identity a request is made with (`kubectl --token`,
 *   `--as`): asked, the value never shown (it may be the secret itself).
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
  | 'exposes'
  | 'sends'
  | 'remote'
  | 'credential';

/**
 * An environment variable a tool (or a library it links) reads, with what its value does. The
 * environment stage (policy/envVariables.ts) judges a `NAME=value` before the command:
 * `exec`/`loads` ask (`env.code_injection`), `network` asks (`env.redirect`), `read`/`write`
 * judge the value as a path (split by `split` when it is a list), unless the value matches
 * `dataIf` (a value proven harmless: a version name, a plain unix bus socket).
 */
export interface EnvironmentVariable {
  effect: 'exec' | 'loads' | 'network' | 'read' | 'write';
  why: string;
  split?: string;
  dataIf?: RegExp;
}

/** One tool's (or library's) variables by name. */
export type EnvironmentModel = Readonly<Record<string, EnvironmentVariable>>;

/** `optional`: GNU `[=ARG]`, attached only (`--color=auto`, `-x5` for a short `x::`). */
export type Arity = 'none' | 'required' | 'optional';

/**
 * A state an option switches on that changes how operands and other options are read.
 * `inspect`: an action that only reads (`ssh-keygen -l`, `-y`): options like `-f` then read instead of write.
 * tar's operation letters are modes too: `writes-archive` (`-c`, `-r`, `-u`, `-A`, `--delete`:
 * `-f` is written), `extract` (`-x`: operands are members written to disk), `lists` (`-t`),
 * `removes` (`--remove-files`: packed files are deleted), `to-stdout` (`-O`), `absolute` (`-P`),
 * `local` (`--force-local`: `-f a:b` is a local file).
 * `operand-paths`: operands name local files too (`curl --proto-default file PATH`).
 * Compressors: `decompress` / `compress` choose how the output beside an operand is named
 * (`sibling`), `keeps` keeps the input (`-k`: read, not deleted), `output-named` means the output
 * goes to a named file instead (`zstd -o F`), `removes` deletes the input (`zstd --rm`).
 * `in-place` (`sed -i`): the input files are rewritten.
 * `target-given`: `cp`/`mv`/`install`/`ln -t DIR` named the destination, so every operand is a
 * source. `links`: `cp -l`/`-s` links to its sources instead of copying (they become writable).
 * `template-file`: kubectl's `-o go-template-file` (or `jsonpath-file`, `custom-columns-file`,
 * `templatefile`) without `=PATH`: `--template` then names a file that is read and printed.
 * `whole-objects`: kubectl `-o yaml|json|jsonpath=…|go-template=…|custom-columns=…` (any format
 * but the tables, `wide` and `name`) or `--template`: any field of the objects is printed, a
 * workload's literal `env` values among them (tools/kubectl.ts).
 * `proven-safe`: an option proved the output holds no secret (`docker inspect -f TEMPLATE` whose
 * template reads only fields listed as safe, `docker history -q`): `itself.unless` (tools/docker.ts).
 */
export type Mode =
  | 'recursive'
  | 'pattern-given'
  | 'program-file'
  | 'inspect'
  | 'writes-archive'
  | 'extract'
  | 'lists'
  | 'removes'
  | 'to-stdout'
  | 'absolute'
  | 'local'
  | 'operand-paths'
  | 'decompress'
  | 'compress'
  | 'keeps'
  | 'output-named'
  | 'in-place'
  | 'target-given'
  | 'links'
  | 'template-file'
  | 'whole-objects'
  | 'proven-safe';

export interface OptionModel {
  /** Every spelling: `-o`, `--output` (find/ps style: `-name`, BSD `e`). */
  names: readonly string[];
  /** Per spelling where they differ (`tail -f` takes nothing, `--follow[=HOW]` may). */
  arity: Arity;
  /** Short spellings' arity when it differs from the long ones'. */
  shortArity?: Arity;
  /** Words the option consumes after its own when more than one (`jq --rawfile NAME FILE`: 2, find `-exec`: up to `;`/`+`). */
  /** `'list'`: every following word up to one that starts with `-` (zip `-x PAT PAT`). */
  words?: number | 'command' | 'list';
  /** The effect of its value (the last value word); for a valueless option, of the option itself. */
  effect: Effect;
  /** The value word the effect applies to when there are several (`find -fprintf FILE FORMAT`: 0). */
  valueAt?: number;
  /** The value is a list of paths joined by this (`file -m a.mgc:b.mgc`). */
  split?: string;
  /** The value path is read or written as a whole tree. */
  recursive?: boolean;
  /**
   * When the effect (under the modes on) is `read`, what is read is this path below the value,
   * not the value itself (`dpkg -l --root=DIR` reads its database, DIR/var/lib/dpkg).
   */
  readsBelow?: string;
  /** For a valueless option with a path effect (`find -delete`): applies it to the operands (`.` when none). */
  onOperands?: boolean;
  /** Modes switched on; `whenValue` limits that to values with this prefix-of relation (`-d recurse`, `-d rec`). */
  sets?: Mode;
  whenValue?: string;
  /** The mode is set only when the value matches this (kubectl `-o go-template-file`). */
  setsWhen?: RegExp;
  /** More modes, each set when the value matches its pattern (kubectl `-o yaml`: `whole-objects`). */
  alsoSets?: readonly (readonly [RegExp, Mode])[];
  /** The effect once a mode is on (`ssh-keygen -f FILE` writes, but reads under `-l`/`-y`): the first key listed whose mode is on wins. */
  effectWhen?: Partial<Record<Mode, Effect>>;
  /**
   * The value names a path only after one of these prefixes, with that effect (`-passin file:F`,
   * `-O write-attestation=F`); any other value is data. Replaces `effect` for the value.
   */
  pathAfter?: Readonly<Record<string, Effect>>;
  /**
   * The value names a path only where it matches, the path being group 1, with `effect`; any other
   * value is data (`curl -d @FILE`: /^@(.+)$/, `-F name=@FILE`, `-b FILE` without `=`).
   */
  pathIn?: RegExp;
  /**
   * Values matching a pattern have its effect instead of `effect`, the first pattern that matches
   * winning; the pattern's first group (when it has one) is the path or target. Tested on the
   * first value word (`kubectl -o jsonpath-file=F`: read F; `docker -H ssh://HOST`: runs ssh).
   */
  effectIf?: readonly (readonly [RegExp, Effect])[];
  /**
   * A second effect of the same value, one that asks (`kubectl -s URL`: a network target for the
   * URL policy, and `credential`: the kubeconfig's token goes there).
   */
  asks?: Effect;
  /** How a `network` value names targets when it is no URL: a `host:port:addr` map, a local socket path. */
  target?: 'addresses' | 'socket';
  /**
   * Facts that one tool-specific reader needs besides the effect, named in the tool's file
   * (curl's and wget's `plain-read`, `method`, `server-named`, …: see tools/curl.ts).
   */
  tags?: readonly string[];
  /** Another stage already reviews this effect (find -exec's command: escapeHatches.ts); the model records it only. */
  reviewedBy?: string;
  /**
   * The value is a directory the tool changes into before the operands that follow it (`tar -C
   * DIR`): those operands, and a later relative `-C`, are judged below it. Cumulative, in order.
   */
  rebases?: boolean;
  /** The value is one more operand, judged like the others (`tar --add-file=-name`). */
  asOperand?: boolean;
  /**
   * The value, after this prefix (`''`: all of it), is shell text the tool runs
   * (`tar --to-command=CMD`, `--checkpoint-action=exec=CMD`): `reviewedBy` reviews it as a command.
   */
  runsShell?: string;
  /**
   * Values matching this are data, whatever `effect` says (mawk `-W version`, `-W interactive`;
   * any other `-W` word, `-W exec FILE` among them, keeps the effect).
   */
  dataIf?: RegExp;
  /** The path an optional value defaults to when none is attached (`gawk --profile`: `awkprof.out`). */
  defaultValue?: string;
  /**
   * The value is a backup suffix (`sed -i.bak`, `-i'bak/*'`): each operand is also written at
   * that name (`*` becomes the operand's base name; without `*` the suffix is appended).
   */
  backupSuffix?: boolean;
  /** The value replaces the suffix of the output written beside each operand (`gzip -S .z`): `sibling`. */
  siblingSuffix?: boolean;
  /** Why the effect matters, shown in the reason. */
  why?: string;
  /** A command line using the option, words separated by single spaces; the table test runs each. */
  example: string;
}

/** Effects of operands by position: `leading[i]` for the i-th, `rest` for the others. */
export interface OperandModel {
  /** Another stage already judges `network` operands (curl's and wget's URLs: the URL stage with its loopback allowance); the model does not judge them again. */
  reviewedBy?: string;
  leading?: readonly Effect[];
  rest: Effect;
  /** The effect of `rest` (and `last`) once a mode is on (`sed -i`: files written, not read); the first key listed whose mode is on wins. */
  restWhen?: Partial<Record<Mode, Effect>>;
  /** Effect of the last operand when there are at least two (`cp`-like); unused by read-only tools. */
  last?: Effect;
  /** Operands matching this are data, whatever their position (`date +%s`). */
  dataIf?: RegExp;
  /** Why an operand's effect matters, shown in the reason (`kubectl get pods -o yaml`: the env values). */
  why?: string;
  /** Operands matching this name a file of more arguments (`strings @FILE`): effect `list`. */
  listIf?: RegExp;
  /** Every operand path is a whole tree, whatever its effect (`tar -c DIR` reads it all, `tar -x` writes below). */
  recursive?: boolean;
  /**
   * Operands matching a pattern have its effect, the first pattern that matches winning, and
   * the pattern's first group (when it has one) is the path or target (`dig @SERVER`: network).
   */
  effectIf?: readonly (readonly [RegExp, Effect])[];
  /**
   * Operands matching this are the tool's own option words (`nslookup -type=mx`): data, and not
   * counted in `leading` positions. For tools whose options are no getopt options (`syntax: 'words'`).
   */
  optionIf?: RegExp;
}

export interface ToolModel {
  /** Command names this model covers (`grep`, `egrep`, `fgrep`). */
  commands: readonly string[];
  /**
   * Argv grammar: GNU getopt_long (default), find's expression, procps ps, xxd, `single` (openssl:
   * `-name` words, exact), `words` (no getopt: every word is an operand the operand model reads),
   * `infozip` (zip: short options of one or two letters, longest first, in clusters; a trailing
   * `-` negates; value lists), `unzip` (UnZip's and ZipInfo's: the same, but a `-` inside a
   * cluster negates the letters after it, so it is left unknown).
   */
  syntax?: 'gnu' | 'find' | 'ps' | 'xxd' | 'single' | 'words' | 'infozip' | 'unzip';
  /** GNU getopt_long takes unambiguous long prefixes; jq 1.6 compares exactly. Default true. */
  longPrefixes?: boolean;
  /**
   * spf13/pflag (cobra: kubectl, docker): a short option's value may follow `=` (`-o=yaml` is
   * `-o yaml`; `-A=false` gives a flag its value).
   */
  pflag?: boolean;
  /** kubectl's flag normalizer: `_` in a long option's name is `-` (`--profile_output`). */
  underscoreIsDash?: boolean;
  /** Options after operands count (GNU permutation). Default true. */
  permute?: boolean;
  /** Obsolete numeric options (`head -5`, `tail -5f`, `tail +5`): the whole word is one option without effect. */
  numeric?: RegExp;
  /**
   * The first word, when it does not start with `-`, is a cluster of short options whose values
   * are the next words in order (tar's old style: `tar cbf 20 out.tar src`: `-b 20 -f out.tar`).
   */
  oldStyle?: boolean;
  /**
   * The model is the only reader of this tool's path arguments: pathArgs.ts adds none of its own,
   * so there is no second reading to drift from this one.
   */
  ownsPaths?: boolean;
  options: readonly OptionModel[];
  operands: OperandModel;
  /** Operand effects once a mode is on (`grep -e PAT`: every operand is a file); the first key listed whose mode is on wins. */
  operandsWhen?: Partial<Record<Mode, OperandModel>>;
  /** The operand used when none is given and the mode is on (`grep -r PAT` searches `.`). */
  implicit?: { raw: string; when?: Mode; recursive?: boolean };
  /** Modes on before any option, by command name (`gunzip` is `gzip -d`: `decompress`). */
  startModes?: Readonly<Record<string, readonly Mode[]>>;
  /**
   * A derived output path: each operand is also written beside itself, `a` → `a.gz` (`suffix`
   * appended), or under `decompress`, `a.gz` → `a` (the `strips` match removed; a name it does not
   * match is judged as written itself). None under `to-stdout`, `lists` or `output-named`. An
   * option with `siblingSuffix` replaces the suffix (`gzip -S .z`). Under `recursive`, operands
   * are whole trees whatever their effect (`gzip -r DIR` replaces every file below).
   */
  sibling?: { suffix: string; strips: RegExp };
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
   * Tables for lines whose operands (as this model reads them) begin with `words`: that model
   * reads the whole line instead (gh's `-w` is `--workflow` under `run list`, `--web` elsewhere).
   */
  variants?: readonly { words: readonly string[]; model: ToolModel }[];
  /**
   * With `subcommands`, a model that only dispatches: its first word names a subcommand, and when
   * it names none, every word is this subcommand's (`git stash -m x` is `git stash push -m x`,
   * `git reflog -5` is `git reflog show -5`).
   */
  defaultSubcommand?: string;
  /**
   * What the (sub)command does by itself, whatever its words (`git notes edit` opens the editor):
   * judged as an option with this effect would be, unless the mode `unless` is on (`docker
   * inspect -f '{{.State.Status}}'` proves the output safe).
   */
  itself?: { effect: Effect; why: string; unless?: Mode };
  /**
   * git's parse-options: every long option also has a `--no-NAME` spelling that turns it off
   * (no effect), unless the model lists that spelling itself.
   */
  negatable?: boolean;
}
