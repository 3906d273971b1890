import type { HookPasses } from '../ports/hookPasses.js';
import type { ShellInvocation } from '../../domain/shell/parseInvocation.js';
import { unwrapEnvelope } from '../../domain/shell/unwrapEnvelope.js';

/**
 * What the BASH_ENV guard found for the text it is about to let bash run:
 * - `text`: a pass for exactly this text. The hook (or the guard one shell up) reviewed, recorded
 *   and, if need be, asked about these bytes in this session and directory: nothing is done again.
 * - `inner`: a pass for the command inside an agent envelope (Codex's snapshot wrapper). The
 *   envelope's own part (the snapshot it sources, its PATH prefix) was never seen by the hook, so
 *   the text is still reviewed; only a refusal counts, and the wrapper's `exec bash -c <inner>` is
 *   handed a pass of its own.
 * `id`: the hook's start record, whose end record this command's bash writes when it exits.
 */
export type GuardPass = { kind: 'text'; id?: string } | { kind: 'inner'; inner: string; id?: string };

export interface PassContext {
  agent?: string;
  session?: string;
  cwd: string;
}

/** Consumes the pass it finds. Sessions that were never left one cost a single stat. */
export function takeGuardPass(
  inv: ShellInvocation | undefined,
  ctx: PassContext,
  passes: HookPasses | undefined,
): GuardPass | undefined {
  const { session, cwd } = ctx;
  if (!passes || !session || inv?.kind !== 'command' || !passes.pending(session)) return undefined;
  const own = passes.take({ session, cwd, text: inv.script });
  if (own) return { kind: 'text', id: own.id };
  const env = unwrapEnvelope(inv.script, { agent: ctx.agent, hop: 'agent' });
  const inner = env.kind === 'envelope' ? passes.take({ session, cwd, text: env.inner }) : undefined;
  if (env.kind === 'envelope' && inner) return { kind: 'inner', inner: env.inner, id: inner.id };
  return undefined;
}
