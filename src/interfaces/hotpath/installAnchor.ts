// The review core reads its config, writes its audit and asks approvals under paths derived from
// HOME and XDG_*. Those come from the environment, which any command the agent runs can change for
// the shells it nests (`env HOME=/tmp/x make`, a package.json script): the nested shim would then
// load an attacker-written config and audit into the attacker's directory. The shim entry's own
// location was fixed at install time, so it anchors the environment: the shim directory the
// environment names must be the one this core was started from.
import { realpathSync } from 'node:fs';
import { basename, dirname } from 'node:path';
import { statePaths } from '../../infrastructure/paths/statePaths.js';
import { errorMessage } from '../../application/shimctlError.js';

/** The file `shimctl install` writes into the shim directory; the shims and the client run it. */
export const SHIM_ENTRY_NAME = 'shim-entry.cjs';

function same(a: string, b: string): boolean {
  if (a === b) return true;
  try {
    return realpathSync(a) === realpathSync(b);
  } catch {
    return false;
  }
}

/**
 * Why this environment must not be served by the core started as `entry`, or undefined when it may.
 * Only a core started through an installed shim entry is anchored (the CLI and tests calling the
 * bundle directly have no install to compare with).
 */
export function installAnchorMismatch(
  env: Record<string, string | undefined>,
  entry: string | undefined,
): string | undefined {
  if (!entry || basename(entry) !== SHIM_ENTRY_NAME) return undefined;
  const installed = dirname(entry);
  let named: string;
  try {
    named = statePaths(env).shimDir;
  } catch (err) {
    return errorMessage(err);
  }
  if (same(named, installed)) return undefined;
  return `HOME/XDG_DATA_HOME name the shim directory ${named}, not the install this shim belongs to (${installed}); a command changed them for its nested shells`;
}
