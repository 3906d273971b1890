/**
 * What a pass is bound to: the launcher's session, the directory and the exact shell text.
 * A different byte in any of them is a different pass.
 */
export interface PassBinding {
  session: string;
  cwd: string;
  text: string;
}

/**
 * Single-use passes from a review that already allowed a command to the BASH_ENV guard that will
 * see the same text again (Codex: its PreToolUse hook, then the bash it starts). A pass spares the
 * second review, record and question; it never turns a refusal into a yes.
 */
/** What a taken pass carried: the id of the hook's start record, when the hook wrote one. */
export interface TakenPass {
  id?: string;
}

export interface HookPasses {
  /**
   * Leaves a pass for exactly this binding, carrying `id` (the hook's start record) when given.
   * Throws when it cannot (the guard then reviews as usual).
   */
  mint(binding: PassBinding, id?: string): void;
  /** Whether this session has ever been left a pass: a cheap test before any hashing or unwrapping. */
  pending(session: string): boolean;
  /**
   * Takes the pass for exactly this binding: a pass only if one was there, unused, unexpired and
   * verified (its id is covered by the MAC). Consumed either way. Never throws: anything odd is
   * `undefined`, a normal review.
   */
  take(binding: PassBinding): TakenPass | undefined;
}
