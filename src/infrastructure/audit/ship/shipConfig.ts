import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ShipConfig } from '../../../domain/audit/shipTarget.js';
import { parseShipSection } from '../../config/shipSection.js';
import type { StatePaths } from '../../paths/statePaths.js';

export type { ShipConfig, ShipTarget } from '../../../domain/audit/shipTarget.js';

/**
 * The legacy place for targets (before `audit.ship` in config.json): `$XDG_CONFIG_HOME/shimctl/ship.json`.
 * Still honoured while no `audit.ship` is configured, so an upgrade loses no shipping; `doctor`
 * and `status` say to move it (shipSettings.ts), `shimctl audit ship --migrate` moves it.
 */
export function shipConfigPath(paths: Pick<StatePaths, 'configDir'>): string {
  // The config directory as statePaths decides it (XDG rules included): beside config.json.
  return join(paths.configDir, 'ship.json');
}

/** ship.json read raw (for --migrate), undefined when there is none. */
export function readShipJson(path: string): unknown {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
  return JSON.parse(text) as unknown;
}

/** The legacy config, undefined when there is none; throws on a malformed one (named field). */
export function readShipConfig(path: string): ShipConfig | undefined {
  const raw = readShipJson(path);
  if (raw === undefined) return undefined;
  return parseShipSection(raw, '', (field, message) => {
    throw new Error(`${path}: ${field}: ${message}`);
  });
}
