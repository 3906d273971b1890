import { parseArgs } from 'node:util';
import type { ParseArgsConfig } from 'node:util';
import { ShimctlError, errorMessage } from '../../application/shimctlError.js';
import type { CliContext } from './cliContext.js';
import { EXIT } from './exitCodes.js';

type Options = NonNullable<ParseArgsConfig['options']>;
type Parsed<O extends Options> = ReturnType<
  typeof parseArgs<{ args: string[]; options: O; strict: true; allowPositionals: true }>
>;

/** A mistake in how the command was called: exit 2 with the usage on stderr. */
export class UsageError extends ShimctlError {
  constructor(message: string) {
    super('usage', message);
  }
}

export interface CommandSpec<O extends Options> {
  /** As the user types it: `status`, `daemon status`. */
  name: string;
  /** Written to stderr after a usage error; its first line is the usage line. */
  usage: string;
  /** Written to stdout by --help / -h (default: the usage). */
  help?: string;
  /** The options besides --help; parsed with `strict: true`, so any other option is a usage error. */
  options: O;
  /**
   * Positional words: 'none' (the default; any is a usage error), 'any', or 'command': the
   * options end at the first word that is not one (or at `--`), and the rest is a command whose
   * own options are not ours (`shimctl explain ls -la`).
   */
  positionals?: 'none' | 'any' | 'command';
  /** A machine-readable answer to a usage error too (`decide` writes its JSON error body). */
  onUsageError?(message: string, ctx: CliContext): void;
  run(values: Parsed<O>['values'], positionals: string[], ctx: CliContext): Promise<number> | number;
}

/**
 * The one way a command runs: parse strictly, answer --help, turn usage mistakes into exit 2 with
 * the usage line, and any other error into one `shimctl NAME: message` line and exit 1.
 */
export async function runCommand<O extends Options>(
  spec: CommandSpec<O>,
  args: string[],
  ctx: CliContext,
): Promise<number> {
  try {
    const mode = spec.positionals ?? 'none';
    const [ours, command] = mode === 'command' ? splitAtCommand(args, spec.options) : [args, []];
    const options = { ...spec.options, help: { type: 'boolean', short: 'h' } } as O;
    let parsed: Parsed<O>;
    try {
      parsed = parseArgs({ args: ours, options, strict: true, allowPositionals: true });
    } catch (err) {
      throw new UsageError(parseErrorMessage(err));
    }
    if ((parsed.values as { help?: boolean }).help) {
      ctx.stdout.write(spec.help ?? spec.usage);
      return EXIT.OK;
    }
    if (mode === 'none' && parsed.positionals.length > 0)
      throw new UsageError(`unexpected argument '${parsed.positionals[0]}'`);
    return await spec.run(parsed.values, [...parsed.positionals, ...command], ctx);
  } catch (err) {
    if (err instanceof UsageError) spec.onUsageError?.(err.message, ctx);
    return reportError(spec.name, spec.usage, err, ctx);
  }
}

/** The exit code and the stderr line for an error a command did not handle itself. */
export function reportError(name: string, usage: string, err: unknown, ctx: CliContext): number {
  if (err instanceof UsageError) {
    ctx.stderr.write(`shimctl ${name}: ${err.message}\n${usage}`);
    return EXIT.USAGE;
  }
  ctx.stderr.write(`shimctl ${name}: ${errorMessage(err)}\n`);
  return EXIT.FAILED;
}

/** A command with sub-commands (`audit tail`, `daemon status`): picks one, or explains the choice. */
export async function runSubcommand(
  name: string,
  usage: string,
  subcommands: Record<string, (args: string[], ctx: CliContext) => Promise<number>>,
  args: string[],
  ctx: CliContext,
): Promise<number> {
  const [sub, ...rest] = args;
  if (sub === '--help' || sub === '-h' || sub === 'help') {
    ctx.stdout.write(usage);
    return EXIT.OK;
  }
  const run = sub !== undefined && Object.hasOwn(subcommands, sub) ? subcommands[sub] : undefined;
  if (!run)
    return reportError(name, usage, new UsageError(sub ? `unknown subcommand '${sub}'` : 'missing subcommand'), ctx);
  return run(rest, ctx);
}

/** parseArgs' messages, shortened to the form every command uses. */
function parseErrorMessage(err: unknown): string {
  const code = (err as { code?: string }).code;
  const message = errorMessage(err);
  const quoted = /'([^']*)'/.exec(message)?.[1] ?? '';
  if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') return `unknown option '${quoted}'`;
  if (code === 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL') return `unexpected argument '${quoted}'`;
  if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE' && /argument missing/.test(message))
    return `${quoted.split(' ')[0]} needs a value`;
  return message;
}

/**
 * Where our options end and a command begins: at `--`, or at the first word that is not an
 * option of ours nor an option's value. A word with one dash that is not one of our short
 * options starts the command (`shimctl explain -- ls` and `shimctl explain ls -la` both work).
 */
function splitAtCommand(args: string[], options: Options): [string[], string[]] {
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === '--') return [args.slice(0, i), args.slice(i + 1)];
    if (a.startsWith('--')) {
      const name = a.slice(2).split('=')[0]!;
      if (options[name]?.type === 'string' && !a.includes('=')) i++;
      continue;
    }
    const short = a.length === 2 && a.startsWith('-') ? a.slice(1) : undefined;
    if (short === 'h') continue;
    const known = short !== undefined ? Object.values(options).find((o) => o.short === short) : undefined;
    if (!known) return [args.slice(0, i), args.slice(i)];
    if (known.type === 'string') i++;
  }
  return [args, []];
}
