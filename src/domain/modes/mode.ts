/**
 * Modes, ordered by how much they let through (docs/modes.md). A mode is applied after the
 * review: it never changes what the review found, only what is done about it.
 */
export const MODES = ['plan', 'default', 'acceptEdits', 'yolo'] as const;
export type Mode = (typeof MODES)[number];

export function isMode(value: unknown): value is Mode {
  return typeof value === 'string' && (MODES as readonly string[]).includes(value);
}

/** The stricter (closer to plan) of two modes. */
export function stricterMode(a: Mode, b: Mode): Mode {
  return MODES.indexOf(a) <= MODES.indexOf(b) ? a : b;
}

/** The mode a request runs in: the launch's choice, else the configured default, never above the ceiling. */
export function effectiveMode(launch: Mode | undefined, configured: Mode | undefined, ceiling: Mode | undefined): Mode {
  const wanted = launch ?? configured ?? 'default';
  return ceiling ? stricterMode(wanted, ceiling) : wanted;
}
