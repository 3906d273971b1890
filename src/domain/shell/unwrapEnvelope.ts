import { claudeShapes } from './envelopes/claude.js';
import { codexShapes } from './envelopes/codex.js';
import { copilotShapes } from './envelopes/copilot.js';
import { geminiShapes } from './envelopes/gemini.js';
import type { Shape } from './envelopes/shape.js';
import { type ArgvEnvelope, type InvocationArgs, matchArgvEnvelope } from './envelopes/argvEnvelope.js';

export interface EnvelopeContext {
  agent?: string;
  hop: 'agent' | 'nested';
  /** The user's HOME (optional): when given, files a bookkeeping call sources must lie there. */
  home?: string;
  /** The invocation's `$0` and `$1 …`, when the caller has them (the guard and shims do). */
  args?: InvocationArgs;
  /** Scripts that take the model's command as an argument, from the agents' descriptions. */
  argvEnvelopes?: readonly ArgvEnvelope[];
}

/**
 * `envelope`: the text is a known agent envelope; `inner` is the model's command to review.
 * `bookkeeping`: an agent's own start-up call (probe, snapshot), recognised by exact shape;
 *   `sourced` names the user's own files it runs (Claude's snapshot sources `~/.bashrc`).
 * `none`: just a command, judged like any other.
 * The optional fields (additive) describe what the envelope's fixed part does besides running
 * the inner command, so a policy can judge those paths too: `sourced` files it runs with
 * `source`/`.`, `writes` files it writes through a redirection (which follows symlinks), and
 * `pathPrefix` a directory it puts in front of PATH. The fixed part runs when the inner
 * command is allowed, without further review.
 */
export type EnvelopeMatch =
  | {
      kind: 'envelope';
      name: string;
      inner: string;
      sourced?: string[];
      writes?: string[];
      pathPrefix?: string;
      /** The command came as an argument of a script that runs it in a new bash (argvEnvelope.ts). */
      argument?: true;
    }
  | { kind: 'bookkeeping'; name: string; sourced?: string[] }
  | { kind: 'none' };

const SHAPES: readonly Shape[] = [...claudeShapes, ...geminiShapes, ...codexShapes, ...copilotShapes];
const AGENTS_WITH_SHAPES = new Set(SHAPES.map((s) => s.agent));

/**
 * Recognises the exact envelope shapes real agents write (see docs/shell.md).
 * - A known agent name (from the launcher) selects only that agent's shapes: an agent never
 *   needs another agent's envelope, so a look-alike of a different agent is just a command.
 * - An unknown agent name (PATH-only or nested agents) accepts every agent's envelopes.
 * - Bookkeeping is recognised only at the agent's own hop AND only for the named agent: it runs
 *   without review, and a bare `env` from an unnamed agent is just the model asking for `env`.
 * Anything that is not an exact match is `none` and gets judged (and refused) as a command.
 */
export function unwrapEnvelope(text: string, ctx: EnvelopeContext): EnvelopeMatch {
  const agent = ctx.agent?.toLowerCase();
  const named = agent !== undefined && agent !== '';
  // Only the named agent's own scripts, at its own hop, with every argument as pinned.
  if (named && ctx.hop === 'agent' && ctx.args && ctx.argvEnvelopes)
    for (const a of ctx.argvEnvelopes) {
      if (a.agent !== agent) continue;
      const inner = matchArgvEnvelope(a, text, ctx.args);
      if (inner !== undefined) return { kind: 'envelope', name: a.name, inner, sourced: [], argument: true };
    }
  if (named && !AGENTS_WITH_SHAPES.has(agent)) return { kind: 'none' };
  for (const shape of SHAPES) {
    if (named && shape.agent !== agent) continue;
    if (shape.kind === 'bookkeeping' && (ctx.hop !== 'agent' || !named)) continue;
    if (!text.startsWith(shape.prefix)) continue;
    const m = shape.match(text, ctx.home);
    if (!m) continue;
    if (shape.kind === 'bookkeeping')
      return m.sourced.length
        ? { kind: 'bookkeeping', name: shape.name, sourced: m.sourced }
        : { kind: 'bookkeeping', name: shape.name };
    const found: EnvelopeMatch = { kind: 'envelope', name: shape.name, inner: m.inner ?? '', sourced: m.sourced };
    if (m.writes) found.writes = m.writes;
    if (m.pathPrefix !== undefined) found.pathPrefix = m.pathPrefix;
    return found;
  }
  return { kind: 'none' };
}
