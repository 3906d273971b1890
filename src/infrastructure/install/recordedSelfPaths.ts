// The locations the install recorded as shimctl's own (manifest `selfPaths`). The review protects
// these, not only the ones HOME/XDG_* name for this request: a command may change XDG_* for the
// shells it nests, and an install made under XDG_CONFIG_HOME=/elsewhere must stay protected when
// a nested shell unsets it. The manifest itself lives in the data directory, which the shim entry's
// own location anchors (src/interfaces/hotpath/installAnchor.ts), and is itself self-protected.
import { readFileSync, statSync } from 'node:fs';
import { errorMessage } from '../../application/shimctlError.js';

let cache: { key: string; paths: string[] } | undefined;

/**
 * `selfPaths` from the manifest at `manifestPath`; [] when there is no install (the CLI run from a
 * checkout, tests). A manifest that exists but cannot be read or parsed throws: on the
 * interception path that blocks the command (fail closed) rather than reviewing with less protected.
 * Cached on the file's identity, so the resident process reads it again only after a reinstall.
 */
export function recordedSelfPaths(manifestPath: string): string[] {
  const st = statSync(manifestPath, { throwIfNoEntry: false });
  if (!st) return [];
  const key = `${manifestPath}\0${st.dev}:${st.ino}:${st.size}:${st.mtimeMs}`;
  if (cache?.key === key) return cache.paths;
  let parsed: { selfPaths?: unknown };
  try {
    parsed = JSON.parse(readFileSync(manifestPath, 'utf8')) as { selfPaths?: unknown };
  } catch (err) {
    throw new Error(`cannot read shimctl's install record ${manifestPath}: ${errorMessage(err)}`);
  }
  const list = parsed.selfPaths;
  // An install made before selfPaths were recorded has none: the env-derived and default paths still apply.
  const paths = Array.isArray(list) ? list.filter((p): p is string => typeof p === 'string' && p.startsWith('/')) : [];
  cache = { key, paths };
  return paths;
}
