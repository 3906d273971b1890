// The resident process's shipping thread (dist/shipWorker.cjs, a bundle of its own: the hot-path
// bundle every command loads carries none of this, and pino loads only here). Started by
// src/infrastructure/daemon/shipSupervisor.ts when the user has a ship.json.
import { parentPort, workerData } from 'node:worker_threads';
import { startResidentShipper } from './residentShipper.js';
import { clearOwnShipLocks } from './shipLock.js';
import { shipCursorBase } from './shipReport.js';

export interface ShipWorkerData {
  auditLog: string;
  configPath: string;
}

if (parentPort) {
  const data = workerData as ShipWorkerData;
  const cursorBase = shipCursorBase(data.auditLog);
  // A shipping thread of this process stopped mid-run left its locks (our pid is alive, so no
  // one would take them over): this is the only one now.
  clearOwnShipLocks(cursorBase);
  const shipper = startResidentShipper({ auditLog: data.auditLog, cursorBase, configPath: data.configPath });
  parentPort.on('message', (m: { type?: string }) => {
    if (m?.type === 'stop') void shipper.stop().then(() => process.exit(0));
  });
}
