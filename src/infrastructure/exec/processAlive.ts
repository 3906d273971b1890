import { readFileSync } from 'node:fs';

/**
 * True while a process with this pid exists and has not ended. EPERM means it exists but belongs
 * to another user: still alive, so a lock or a pending request it holds is not taken over. A
 * zombie (ended, not yet reaped: a daemon whose parent is a container's non-reaping pid 1) has
 * ended; where /proc cannot say, the process counts as alive, the side that takes nothing over.
 */
export function processAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const state = stat.charAt(stat.lastIndexOf(')') + 2);
    return state !== 'Z' && state !== 'X';
  } catch {
    return true;
  }
}
