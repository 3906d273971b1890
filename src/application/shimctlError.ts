/**
 * The one error base class outside the domain: a stable `code` callers branch on (never the
 * message text), and a message written for a person.
 */
export class ShimctlError extends Error {
  readonly code: string;

  constructor(code: string, message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = new.target.name;
    this.code = code;
  }
}

/** The message of anything thrown: an Error's message, anything else in its string form. */
export function errorMessage(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
