// OWNER: shell helper. Placeholder so the contract type-checks; replaced by the real matcher.
export interface EnvelopeContext {
  agent?: string;
  hop: 'agent' | 'nested';
}

/**
 * `envelope`: the text is a known agent envelope; `inner` is the model's command to review.
 * `bookkeeping`: an agent's own start-up call (probe, snapshot), recognised by exact shape.
 * `none`: just a command, judged like any other.
 */
export type EnvelopeMatch =
  | { kind: 'envelope'; name: string; inner: string }
  | { kind: 'bookkeeping'; name: string }
  | { kind: 'none' };

export function unwrapEnvelope(_text: string, _ctx: EnvelopeContext): EnvelopeMatch {
  return { kind: 'none' };
}
