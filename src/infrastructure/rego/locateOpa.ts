import { accessSync, constants, statSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';

export type OpaLocation = { kind: 'found'; path: string } | { kind: 'missing'; message: string };

/**
 * Where `opa` is looked for when `rego.opaPath` is not set. Deliberately NOT the caller's PATH:
 * the shim inherits PATH from the agent, and a command the agent ran earlier could have put a
 * fake `opa` that answers "allow" in a directory it then prepends to PATH.
 */
export const TRUSTED_OPA_DIRS = ['/usr/local/bin', '/usr/bin', '/bin', '/opt/homebrew/bin', '/snap/bin'] as const;

function isExecutableFile(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/**
 * `rego.opaPath` when configured (absolute, executable), else `opa` in one of the trusted system
 * directories. A configured path that is wrong is reported as missing, never replaced silently.
 */
export function locateOpa(opaPath: string | undefined, dirs: readonly string[] = TRUSTED_OPA_DIRS): OpaLocation {
  if (opaPath !== undefined && opaPath !== '') {
    if (!isAbsolute(opaPath)) return { kind: 'missing', message: `rego.opaPath must be absolute, got '${opaPath}'` };
    return isExecutableFile(opaPath)
      ? { kind: 'found', path: opaPath }
      : { kind: 'missing', message: `rego.opaPath '${opaPath}' is not an executable file` };
  }
  const found = dirs.map((d) => join(d, 'opa')).find(isExecutableFile);
  return found
    ? { kind: 'found', path: found }
    : { kind: 'missing', message: `'opa' is not installed (not in ${dirs.join(', ')}; set rego.opaPath)` };
}
