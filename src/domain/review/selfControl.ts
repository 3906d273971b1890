/**
 * The agent driving its own gate: `shimctl approve 1` run by the agent answers its own prompt,
 * `uninstall`/`daemon stop` switch the review off. Matched in every spelling an agent can use:
 * the bare name, a path to the bundle (`bin/shimctl.cjs`, `…/shimctl/dist/x.cjs`), `node FILE`,
 * and package runners (`npx shimctl`, `npm exec shimctl`). Read-only subcommands stay allowed.
 */
import type { Verdict } from '../verdict.js';
import { verdict } from '../verdict.js';

// `config` (quarantine, restore): moving a project's config aside drops its stricter rules, so
// the agent may not, even though the user runs it to recover from a broken file.
const STATE_CHANGING = new Set(['approve', 'deny', 'approvals', 'install', 'uninstall', 'daemon', 'config']);
const READ_ONLY = new Set(['explain', 'decide', 'status', 'audit']);

const SHIMCTL_FILE = /(^|\/)shimctl(\.[cm]?js)?$|(^|\/)shimctl\/(bin|dist)\/[^/]+\.[cm]?js$/;
const RUNNERS = new Set(['npx', 'pnpx', 'bunx']);
const RUNNER_EXEC = new Set(['npm', 'pnpm', 'yarn', 'bun']);
const NODES = new Set(['node', 'nodejs', 'bun', 'deno']);

function firstPositional(args: readonly string[]): number {
  return args.findIndex((a) => !a.startsWith('-'));
}

/** The arguments shimctl itself receives, when this command runs shimctl; undefined otherwise. */
function shimctlArgs(name: string, args: readonly string[]): readonly string[] | undefined {
  if (SHIMCTL_FILE.test(name)) return args;
  const i = firstPositional(args);
  if (i < 0) return undefined;
  const isShimctlPackage = (w: string): boolean => /^shimctl(@.*)?$/.test(w) || SHIMCTL_FILE.test(w);
  if (NODES.has(name) && SHIMCTL_FILE.test(args[i]!)) return args.slice(i + 1);
  if (RUNNERS.has(name) && isShimctlPackage(args[i]!)) return args.slice(i + 1);
  if (RUNNER_EXEC.has(name)) {
    // `npm exec shimctl`, `pnpm dlx shimctl`, `bun x shimctl`; pnpm, yarn and bun also run a bin named first.
    const viaExec = args[i] === 'exec' || args[i] === 'x' || args[i] === 'dlx';
    if (!viaExec && name === 'npm') return undefined;
    const rest = viaExec ? args.slice(i + 1) : args.slice(i);
    const j = firstPositional(rest);
    if (j >= 0 && isShimctlPackage(rest[j]!)) return rest.slice(j + 1);
  }
  return undefined;
}

/** A verdict when the command runs shimctl: block for subcommands that change the gate, allow for read-only ones. */
export function selfControlVerdict(name: string, args: readonly string[]): Verdict | undefined {
  const inner = shimctlArgs(name, args);
  if (!inner) return undefined;
  const i = firstPositional(inner);
  const sub = i < 0 ? '' : inner[i]!;
  // `mode` and `rules` read when they only show: `shimctl mode`, `shimctl rules [list]`. Setting the
  // mode or revoking a rule changes the gate.
  const rest = i < 0 ? [] : inner.slice(i + 1).filter((a) => !a.startsWith('-'));
  if (sub === 'mode' || sub === 'rules') {
    const reads = sub === 'mode' ? rest.length === 0 : rest.length === 0 || (rest[0] === 'list' && rest.length === 1);
    return reads
      ? verdict('allow', 'low', 'command.allowed', `shimctl ${sub} only reads`, 'core:shimctl-read')
      : verdict(
          'block',
          'high',
          'command.blocked',
          `shimctl ${sub} ${rest[0]} changes the review gate itself; only a person may run it, outside the agent`,
          'core:shimctl-self',
        );
  }
  if (STATE_CHANGING.has(sub)) {
    return verdict(
      'block',
      'high',
      'command.blocked',
      `shimctl ${sub} changes the review gate itself; only a person may run it, outside the agent`,
      'core:shimctl-self',
    );
  }
  if (READ_ONLY.has(sub))
    return verdict('allow', 'low', 'command.allowed', `shimctl ${sub} only reads`, 'core:shimctl-read');
  return undefined;
}
