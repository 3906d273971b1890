import { environOf, procStat } from './procFacts.js';

/** The session marker in a process's environment as it was at exec, if any. */
function markerOf(pid: number, shimDir: string): string | undefined {
  for (const entry of environOf(pid)) {
    if (entry.startsWith('SHIMCTL_SESSION=') && entry.length > 'SHIMCTL_SESSION='.length) return 'SHIMCTL_SESSION';
    if (entry.startsWith('PATH=') && entry.slice(5).split(':').includes(shimDir))
      return 'PATH contains the shim directory';
  }
  return undefined;
}

/**
 * The nearest ancestor process started inside a gated agent session: its environment (as it was
 * at exec) carries the launcher's `SHIMCTL_SESSION`, or its PATH holds the shim directory. An agent
 * can scrub its own command's environment (`env -i shimctl approve …`) but not its ancestors'.
 * A command that reparents itself (`setsid -f`, a double fork) leaves this walk; answererFacts
 * and the launcher's mark cover that. Linux only: without /proc the walk finds nothing.
 */
export function gatedAncestor(
  shimDir: string,
  startPid: number = process.ppid,
): { pid: number; marker: string } | undefined {
  let pid: number | undefined = startPid;
  for (let hops = 0; pid !== undefined && pid > 1 && hops < 64; hops++) {
    const marker = markerOf(pid, shimDir);
    if (marker) return { pid, marker };
    pid = procStat(pid)?.ppid;
  }
  return undefined;
}

/** The first of `pids` (e.g. the ancestry of this process's session leader) that carries a session marker. */
export function gatedAmong(shimDir: string, pids: number[]): { pid: number; marker: string } | undefined {
  for (const pid of pids) {
    if (pid === process.pid) continue; // our own environment was checked as `env` (and may be scrubbed)
    const marker = markerOf(pid, shimDir);
    if (marker) return { pid, marker };
  }
  return undefined;
}
