/**
 * A command the guard let run on a hook's pass, whose end its own bash will report (Codex): the
 * launcher's session, and the handle that bash chose (`<its pid>.<random>`), which names no other.
 */
export interface EndHandle {
  session: string;
  handle: string;
}

/**
 * Ends the guard expects: the hook wrote the start record, the bash that runs the command appends
 * the end record when it exits (docs/hooks.md). Each expectation is single-use and bound by MAC to
 * its session, handle and start-record id, so a report can only end the command it was left for.
 */
export interface CommandEnds {
  /** Leaves the expectation that the bash holding `handle` reports the end of record `id`. Throws when it cannot. */
  expect(end: EndHandle, id: string): void;
  /** Takes the expectation: the start record's id, once. Never throws: none, used or unverified is `undefined`. */
  take(end: EndHandle): string | undefined;
}

/** `<pid>.<random digits>`, as the guard makes it: the pid is the bash that must report the end. */
export const END_HANDLE = /^([1-9][0-9]{0,9})\.[0-9]{1,12}$/;
