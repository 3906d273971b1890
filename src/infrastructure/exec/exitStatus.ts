import { constants } from 'node:os';

/** Exit status for a program that timed out, as coreutils' `timeout` reports it. */
export const EXIT_TIMED_OUT = 124;
export const EXIT_NOT_EXECUTABLE = 126;
export const EXIT_NOT_FOUND = 127;

/** The status a shell reports: the program's code, or 128+n when signal n ended it. */
export function shellExitStatus(code: number | undefined, signal: string | undefined): number {
  if (signal) {
    const n = (constants.signals as Record<string, number>)[signal];
    return 128 + (n ?? 0);
  }
  return code ?? EXIT_NOT_EXECUTABLE;
}

/** ENOENT is "not found" (127); everything else that stops a spawn is "cannot execute" (126). */
export function spawnFailureStatus(errno: string | undefined): number {
  return errno === 'ENOENT' ? EXIT_NOT_FOUND : EXIT_NOT_EXECUTABLE;
}
