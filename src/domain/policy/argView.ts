import { gitGlobals } from '../toolModels/tools/git/globalOptions.js';
import { longOptionIs } from './longOption.js';
import { dockerModel } from '../toolModels/tools/docker.js';
import { kubectlModel } from '../toolModels/tools/kubectl.js';
import { PIP_NAMES, pipModel } from '../toolModels/tools/pip.js';
import type { ToolModel } from '../toolModels/modelTypes.js';

/** A model's global options that take the next word as their value: the rules find the subcommand as the model does. */
function valueOptions(model: ToolModel): ReadonlySet<string> {
  return new Set(model.options.filter((o) => o.arity === 'required').flatMap((o) => o.names));
}

/**
 * A read-only view of one simple command's arguments, shaped for rule matching:
 * the canonical command name, every argument, and the subcommand words (the leading
 * positionals after the command's global options, which differ per command).
 */
export interface ArgView {
  command: string;
  /** Every argument after the command word, as written. */
  args: readonly string[];
  /** Leading positional words after global options (`git -C x push` ⇒ `['push', ...]`). */
  sub: readonly string[];
  /** Arguments after the subcommand word (for rules that look at a subcommand's own options). */
  rest: readonly string[];
}

/** Global options that take a value before the subcommand, per command with subcommands. */
const GLOBAL_VALUE_OPTIONS: Readonly<Record<string, ReadonlySet<string>>> = {
  docker: valueOptions(dockerModel),
  npm: new Set(['--prefix', '-C', '--workspace', '-w']),
  pnpm: new Set(['-C', '--dir', '--filter', '-F']),
  yarn: new Set(['--cwd']),
  cargo: new Set(['-C', '--config', '-Z']),
  kubectl: valueOptions(kubectlModel),
  // Every name pip is installed under (`pip3.11`), with the model's own value options.
  ...Object.fromEntries(PIP_NAMES.map((c) => [c, valueOptions(pipModel)])),
};

export function makeArgView(command: string, args: readonly string[]): ArgView {
  // Own properties only: a command named `valueOf` or `__proto__` must not reach Object.prototype.
  const valueOpts = Object.hasOwn(GLOBAL_VALUE_OPTIONS, command) ? GLOBAL_VALUE_OPTIONS[command] : undefined;
  // git's global options: tools/git/globalOptions.ts.
  let i = command === 'git' ? gitGlobals(args).sub : 0;
  while (command !== 'git' && i < args.length) {
    const a = args[i]!;
    if (a === '--') {
      i++;
      break;
    }
    if (!a.startsWith('-') || a === '-') break;
    i += valueOpts?.has(a) ? 2 : 1;
  }
  const sub: string[] = [];
  let j = i;
  for (; j < args.length && sub.length < 3; j++) {
    const a = args[j]!;
    if (a.startsWith('-')) break;
    sub.push(a);
  }
  return { command, args, sub, rest: args.slice(Math.min(i + 1, args.length)) };
}

const CLUSTER = /^-[A-Za-z0-9]+$/;

/** Short option clusters (`-rf`) up to `--`; long options never count as clusters. */
export function hasShortFlag(args: readonly string[], letter: string): boolean {
  for (const a of args) {
    if (a === '--') return false;
    if (a.length > 1 && a[0] === '-' && a[1] !== '-' && a.includes(letter)) {
      // A cluster is letters only; `-n5` style values still count for their first letters.
      if (CLUSTER.test(a)) return true;
    }
  }
  return false;
}

/**
 * Whether one word can be the long option `long`, with or without `=value`. GNU getopt_long and
 * git's parse-options take any unambiguous prefix (`--recu` is `--recursive`, `--har` is `--hard`),
 * so a word that is a prefix of `long` counts, resolved by the shared matcher in longOption.ts.
 * Erring strict: a prefix that could also mean another option still counts as `long` (the
 * program refuses an ambiguous one, so nothing runs). At least one letter must follow `--`.
 * Names without `--` in a long list (`-e`, `-p`) match as written, or as `-e=value`.
 */
export function isLongFlag(word: string, long: string): boolean {
  if (!long.startsWith('--')) return word === long || word.startsWith(long + '=');
  const eq = word.indexOf('=');
  if ((eq < 0 ? word.length : eq) < 3) return false; // `--` and `--=x` name no option
  return longOptionIs(word, long, [long]);
}

export function hasLongFlag(args: readonly string[], long: string): boolean {
  for (const a of args) {
    if (a === '--') return false;
    if (isLongFlag(a, long)) return true;
  }
  return false;
}

/** `-f` or `--force` style: any of the short letters or long names. */
export function hasFlag(args: readonly string[], shorts: string, ...longs: string[]): boolean {
  for (const s of shorts) if (hasShortFlag(args, s)) return true;
  for (const l of longs) if (hasLongFlag(args, l)) return true;
  return false;
}

/** Positional (non-option) arguments, honouring `--`. */
export function positionals(args: readonly string[]): string[] {
  const out: string[] = [];
  let afterDashes = false;
  for (const a of args) {
    if (!afterDashes && a === '--') {
      afterDashes = true;
      continue;
    }
    if (!afterDashes && a.startsWith('-') && a !== '-') continue;
    out.push(a);
  }
  return out;
}
