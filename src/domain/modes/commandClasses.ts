import { MODEL_BY_COMMAND } from '../toolModels/registry.js';
import { modelFindings } from '../toolModels/judgeModel.js';
import { pathArgsFor } from '../policy/pathArgs.js';
import { basenamePosix } from '../paths/posixPath.js';

/**
 * Built-in rules whose matched commands only read (docs/modes.md). Plan mode runs a command only
 * when every rule that judged it is one of these. `core:shell-state` changes only the one-shot
 * shell's own options (agents' envelopes use `shopt`).
 */
export const READ_RULES: ReadonlySet<string> = new Set([
  'core:read-only',
  'core:find',
  'core:command-query',
  'core:printenv-name',
  'core:version-query',
  'core:shell-state',
  'core:shimctl-read',
  'git:read-only',
  'git:config-read',
  'git:clean-dry-run',
  'pkg:js-query',
  'pkg:py-query',
  'pkg:system-packages-query',
  'net:inspect',
  'net:ip-show',
  'system:services-read',
  'system:signals-list',
  'system:disk-list',
  'system:containers',
]);

/** Reason codes that say nothing was found beyond the rule that allowed (agent bookkeeping included). */
export const NEUTRAL_CODES: ReadonlySet<string> = new Set([
  'command.allowed',
  'command.wrapper',
  'env.assignment',
  'envelope.bookkeeping',
  'envelope.snapshot_source',
  'envelope.cwd_file',
]);

/** The built-in rules that ask before the project's own build and test tooling runs. */
export const BUILD_RULES: ReadonlySet<string> = new Set(['pkg:build-tools', 'pkg:js-scripts']);

const JS = new Set(['npm', 'pnpm', 'yarn', 'bun']);
const JS_SUBS = new Set(['test', 't', 'run', 'run-script']);
const SUBS: Readonly<Record<string, ReadonlySet<string>>> = {
  cargo: new Set(['build', 'test', 'check', 'clippy', 'bench', 'fmt']),
  go: new Set(['build', 'test', 'vet']),
  gradle: new Set(['build', 'test', 'check', 'assemble']),
  gradlew: new Set(['build', 'test', 'check', 'assemble']),
  mvn: new Set(['compile', 'test', 'package', 'verify']),
  mvnw: new Set(['compile', 'test', 'package', 'verify']),
};
/**
 * The names of the project's build and test tools (the one list: acceptEdits lifts their asks,
 * project approvals of them are pinned to the files that define what they run, projectPin.ts).
 */
export const BUILD_TOOLS: ReadonlySet<string> = new Set([...JS, 'make', 'pytest', ...Object.keys(SUBS)]);
/** `make` targets that install or publish are not "the project's build". Options that move or swap the makefile are not followed. */
const MAKE_REFUSED = /^(install|uninstall|-C|--directory|-f|--file|--makefile)(=|$)|^-[A-Za-z]*[Cf]/;

/**
 * The project's own build and test tooling, as acceptEdits names it (docs/modes.md):
 * `npm|pnpm|yarn|bun test|t|run|run-script X`, `make [TARGET…]` (not install/uninstall, no -C/-f),
 * `cargo build|test|check|clippy|bench|fmt`, `go build|test|vet`, `pytest`,
 * `gradle|./gradlew build|test|check|assemble`, `mvn|./mvnw compile|test|package|verify`.
 * The sub-command must come first: a global option before it (`npm --prefix /x test`) can move
 * the project, so it does not count. `npx` is not here: it fetches packages from a registry.
 */
export function isBuildCommand(argv: readonly string[]): boolean {
  const name = basenamePosix(argv[0] ?? '');
  const sub = argv[1];
  if (JS.has(name)) return sub !== undefined && JS_SUBS.has(sub) && argv.slice(2).every(plainWord);
  if (name === 'make') return argv.slice(1).every((a) => !MAKE_REFUSED.test(a) && plainWord(a));
  if (name === 'pytest') return argv.slice(1).every(plainWord);
  const subs = Object.hasOwn(SUBS, name) ? SUBS[name] : undefined;
  return subs !== undefined && sub !== undefined && subs.has(sub) && argv.slice(2).every(plainWord);
}

/**
 * Flags that change nothing about which project runs or what it loads. Everything else after the
 * sub-command is refused (attack pass 3): options move the project or the config (`npm test
 * --prefix=…`, `cargo --config …runner=…`, `--manifest-path`, `mvn -f`, `pytest -p plugin`), and a
 * `NAME=value` word sets a make variable (`SHELL=./x`, `MAKEFLAGS=--eval=…`) that picks the program.
 */
const SAFE_FLAGS = new Set([
  '-v',
  '-vv',
  '--verbose',
  '-q',
  '--quiet',
  '-s',
  '--silent',
  '-x',
  '--release',
  '--workspace',
  '--all',
  '--all-targets',
  '--lib',
  '--bins',
  '--tests',
  '-race',
  '-short',
  '-k',
  '--keep-going',
  '-j',
  '--offline',
  '-o',
  '--no-daemon',
]);

/** A flag from SAFE_FLAGS (or `-jN`), or an operand that is a plain relative name inside the project. */
function plainWord(a: string): boolean {
  if (SAFE_FLAGS.has(a) || /^-j[0-9]{1,3}$/.test(a)) return true;
  return /^[A-Za-z0-9_.:@+/-]+$/.test(a) && !a.startsWith('-') && !a.startsWith('/') && !a.split('/').includes('..');
}

/** Output redirections other than to /dev/null or another descriptor, in a part's source text (quoted text removed first). */
export function writesByRedirection(text: string): boolean {
  const unquoted = text.replace(/'[^']*'|"(?:[^"\\]|\\.)*"/g, '""');
  // A descriptor duplication is `>&N` or `>&-` as a whole word (`>&1x` writes a file named 1x).
  const rest = unquoted.replace(
    /[0-9]*>>?\|?\s*\/dev\/null(?![^\s;&|)])|[0-9]*>&\s*(?:[0-9]+|-)(?![^\s;&|)])|&>\s*\/dev\/null(?![^\s;&|)])/g,
    '',
  );
  return rest.includes('>');
}

/**
 * The paths a simple command writes or deletes: the path arguments the review reads, and what the
 * tool's option model says (`tree -o FILE`, `tree -H` writing 00Tree.html: review pass of 1 Dec 2026).
 */
export function changedPaths(argv: readonly string[]): string[] {
  const name = basenamePosix(argv[0] ?? '');
  const args = argv.slice(1);
  const model = MODEL_BY_COMMAND.get(name);
  const paths = [...pathArgsFor(name, args), ...(model ? modelFindings(name, model, args).paths : [])];
  return paths.filter((p) => p.access === 'write' || p.access === 'delete').map((p) => p.raw);
}
