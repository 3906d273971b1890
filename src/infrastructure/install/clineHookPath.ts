import { join } from 'node:path';

/** Cline's global hooks directory (cline/cline .clinerules/hooks/README.md): a file named after the event. */
export function clineGlobalHook(home: string): string {
  return join(home, 'Documents', 'Cline', 'Hooks', 'PreToolUse');
}
