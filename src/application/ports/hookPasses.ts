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
export interface HookPasses {
  /** Leaves a pass for exactly this binding. Throws when it cannot (the guard then reviews as usual). */
  mint(binding: PassBinding): void;
  /** Whether this session has ever been left a pass: a cheap test before any hashing or unwrapping. */
  pending(session: string): boolean;
  /**
   * Takes the pass for exactly this binding: true only if one was there, unused, unexpired and
   * verified. Consumed either way. Never throws: anything odd is `false`, a normal review.
   */
  take(binding: PassBinding): boolean;
}
