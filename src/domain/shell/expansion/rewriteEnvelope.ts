import type { EnvelopeContext } from '../unwrapEnvelope.js';
import { unwrapEnvelope } from '../unwrapEnvelope.js';
import { singleQuote } from './textEdits.js';

/** Claude's own quoting of its `eval` word (claude.ts): bare when nothing is special, else `'…'"'"'…'`. */
const claudeQuote = (s: string): string => (/^[A-Za-z0-9_./:=@+,-]+$/.test(s) ? s : `'${s.replaceAll("'", `'"'"'`)}'`);
/** Gemini's and Qwen's envelopes hold the command raw, between fixed lines. */
const raw = (s: string): string => s;
const QUOTINGS = [claudeQuote, singleQuote, raw];

/**
 * A shape-matched agent envelope with the model's command replaced by its rewritten text. The
 * command is found by its quoted form (which must occur once); the result must match the same
 * envelope again with exactly the new command inside, or there is no rewrite (the caller refuses).
 */
export function rewriteEnvelope(
  text: string,
  name: string,
  inner: string,
  rewritten: string,
  ctx: EnvelopeContext,
): string | undefined {
  for (const quote of QUOTINGS) {
    const old = quote(inner);
    const at = text.indexOf(old);
    if (at < 0 || text.indexOf(old, at + 1) >= 0) continue;
    const candidate = text.slice(0, at) + quote(rewritten) + text.slice(at + old.length);
    const again = unwrapEnvelope(candidate, ctx);
    if (again.kind === 'envelope' && again.name === name && again.inner === rewritten) return candidate;
  }
  return undefined;
}
