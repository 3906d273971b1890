import { processAlive } from '../../exec/processAlive.js';
import { removeQuietly, writeFileAtomic } from '../../files/ownerOnlyFiles.js';
import { readLockFilePid } from '../../files/pidLockFile.js';

/**
 * Who ships in the background: the resident process writes its pid here (`<cursorBase>.resident`)
 * while its shipping thread runs, and removes it when the thread ends. `status` names that pid
 * only while it is alive and is the resident process's (the daemon lock's pid): a file left by a
 * SIGKILLed daemon names nobody, and status says to run `audit ship --once` from cron.
 */
export const residentMarker = (cursorBase: string): string => `${cursorBase}.resident`;

export function markResidentShipper(cursorBase: string, pid: number): void {
  writeFileAtomic(residentMarker(cursorBase), `${pid}\n`);
}

export function clearResidentShipper(cursorBase: string, pid: number): void {
  if (readResidentShipper(cursorBase) === pid) removeQuietly(residentMarker(cursorBase));
}

export function readResidentShipper(cursorBase: string): number | undefined {
  return readLockFilePid(residentMarker(cursorBase));
}

/** The marker's pid when that process is alive and is `daemonPid` (the resident process now). */
export function liveResidentShipper(cursorBase: string, daemonPid: number | undefined): number | undefined {
  const pid = readResidentShipper(cursorBase);
  // processAlive counts a zombie (a daemon its parent never reaped) as ended, as `daemon stop` does.
  return pid !== undefined && pid === daemonPid && processAlive(pid) ? pid : undefined;
}
