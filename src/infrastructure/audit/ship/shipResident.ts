import { readFileSync, unlinkSync } from 'node:fs';
import { writeFileAtomic } from '../../files/ownerOnlyFiles.js';

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
  if (readResidentShipper(cursorBase) !== pid) return;
  try {
    unlinkSync(residentMarker(cursorBase));
  } catch {
    // gone already
  }
}

export function readResidentShipper(cursorBase: string): number | undefined {
  try {
    const pid = Number(readFileSync(residentMarker(cursorBase), 'utf8').trim());
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

/** The marker's pid when that process is alive and is `daemonPid` (the resident process now). */
export function liveResidentShipper(cursorBase: string, daemonPid: number | undefined): number | undefined {
  const pid = readResidentShipper(cursorBase);
  if (pid === undefined || pid !== daemonPid) return undefined;
  try {
    process.kill(pid, 0);
    return pid;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM' ? pid : undefined;
  }
}
