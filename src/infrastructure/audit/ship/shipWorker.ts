// The resident process's shipping thread (dist/shipWorker.cjs, a bundle of its own: the hot-path
// bundle every command loads carries none of this, and pino loads only here). Started by
// src/infrastructure/daemon/shipSupervisor.ts when the user or managed config has targets.
import { parentPort, workerData } from 'node:worker_threads';
import { statePaths } from '../../paths/statePaths.js';
import { startResidentShipper } from './residentShipper.js';
import { shipConfigPath } from './shipConfig.js';
import { clearOwnShipLocks } from './shipLock.js';
import { shipCursorBase } from './shipReport.js';
import { loadShipSettings, type ShipSettings, shipSettingsSignature } from './shipSettings.js';

export interface ShipWorkerData {
  auditLog: string;
  /** The daemon's environment: where the user's config, the managed file and ship.json are. */
  env: Record<string, string | undefined>;
}

if (parentPort) {
  const data = workerData as ShipWorkerData;
  const cursorBase = shipCursorBase(data.auditLog);
  const paths = statePaths(data.env);
  const legacy = shipConfigPath(paths);
  // A shipping thread of this process stopped mid-run left its locks (our pid is alive, so no
  // one would take them over): this is the only one now.
  clearOwnShipLocks(cursorBase);
  // Re-read on every look, parsed only when a file changed (a config with many approve-always
  // rules is not parsed again for each burst of records).
  let cached: { signature: string; settings: ShipSettings } | undefined;
  const settings = (): ShipSettings => {
    const signature = shipSettingsSignature(paths, legacy);
    if (cached?.signature !== signature) cached = { signature, settings: loadShipSettings(paths, legacy) };
    return cached.settings;
  };
  const shipper = startResidentShipper({ auditLog: data.auditLog, cursorBase, settings });
  parentPort.on('message', (m: { type?: string }) => {
    if (m?.type === 'stop') void shipper.stop().then(() => process.exit(0));
  });
}
