import { statSync } from 'node:fs';
import { join } from 'node:path';
import type { ShipConfig } from '../../../domain/audit/shipTarget.js';
import { errorMessage } from '../../../application/shimctlError.js';
import { USER_CONFIG_FILES } from '../../config/configFiles.js';
import { loadTrustedConfig } from '../../config/createConfigSource.js';
import type { StatePaths } from '../../paths/statePaths.js';
import { readShipConfig } from './shipConfig.js';

/**
 * Where the shippers (the resident process, `audit ship --once`, status and doctor) get their
 * targets: `audit.ship` of the user's config or, when it sets one, the managed file's; never a
 * project's (loadTrustedConfig reads no project file). The legacy ship.json is honoured only
 * while no `audit.ship` is configured, with a note to move it; with both, ship.json is ignored
 * and the note says so. No silent loss of shipping across the upgrade.
 */
export type ShipSettings =
  | { kind: 'none'; readProtected?: string[] }
  | { kind: 'ok'; config: ShipConfig; source: string; note?: string; readProtected?: string[] }
  | { kind: 'invalid'; source: string; message: string };

export function loadShipSettings(paths: StatePaths, legacyPath: string): ShipSettings {
  let outcome;
  try {
    outcome = loadTrustedConfig(paths);
  } catch (err) {
    return { kind: 'invalid', source: paths.configDir, message: errorMessage(err) };
  }
  // The config does not load: every agent command is blocked on it already; the records wait.
  if (outcome.kind !== 'ok')
    return {
      kind: 'invalid',
      source: outcome.file,
      message: `${'field' in outcome ? `${outcome.field}: ` : ''}${outcome.message} (shipping waits; the records stay in the local log)`,
    };
  const legacy = exists(legacyPath);
  const { ship, shipSource } = outcome.config.audit;
  // The trusted files the review refuses to let an agent read, for they hold a sink's credentials.
  const files = outcome.config.sinkCredentialFiles ?? [];
  const readProtected = files.length > 0 ? { readProtected: files } : {};
  if (ship)
    return {
      kind: 'ok',
      config: ship,
      source: shipSource ?? paths.configDir,
      ...(legacy ? { note: `${legacyPath} is ignored: audit.ship in ${shipSource} wins; remove ${legacyPath}` } : {}),
      ...readProtected,
    };
  if (!legacy) return { kind: 'none', ...readProtected };
  try {
    const config = readShipConfig(legacyPath);
    if (!config) return { kind: 'none' };
    return {
      kind: 'ok',
      config,
      source: legacyPath,
      note: `${legacyPath} is the old place for targets: move it to audit.ship in ${join(paths.configDir, 'config.json')} (shimctl audit ship --migrate)`,
    };
  } catch (err) {
    return { kind: 'invalid', source: legacyPath, message: errorMessage(err) };
  }
}

/**
 * What the files loadShipSettings reads look like on disk (inode, size, change times): the same
 * string means the same settings, so a caller on a busy thread re-reads only when it changed.
 */
export function shipSettingsSignature(paths: StatePaths, legacyPath: string): string {
  const files = [...USER_CONFIG_FILES.map((n) => join(paths.configDir, n)), paths.managedConfig ?? '', legacyPath];
  return files
    .map((f) => {
      try {
        const st = statSync(f, { bigint: true, throwIfNoEntry: false });
        return st ? `${st.ino}:${st.size}:${st.mtimeNs}:${st.ctimeNs}` : '-';
      } catch {
        return '?';
      }
    })
    .join('|');
}

function exists(path: string): boolean {
  try {
    return statSync(path, { throwIfNoEntry: false }) !== undefined;
  } catch {
    return true; // there but unreadable: readShipConfig says why
  }
}
