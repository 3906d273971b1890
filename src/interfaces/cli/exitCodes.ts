import { EXIT_BLOCKED } from '../../application/intercept/interceptRequest.js';

/**
 * Every exit code the CLI returns, by name. Commands return these, never bare numbers, so a
 * reader sees what an exit means and a test can name what it expects.
 */
export const EXIT = {
  /** Done; for checks: all good. */
  OK: 0,
  /** The command ran and failed, or a check found a problem (the message says which). */
  FAILED: 1,
  /** Bad usage: an unknown option, a missing argument; the usage line is on stderr. */
  USAGE: 2,
  /** `daemon status`: no resident process answers. */
  NOT_RUNNING: 3,
  /** An error escaped every command (sysexits EX_SOFTWARE). */
  INTERNAL: 70,
  /** The interception path refused to run the command (fail closed). */
  BLOCKED: EXIT_BLOCKED,
} as const;

export type ExitCode = (typeof EXIT)[keyof typeof EXIT];
