import { readFileSync } from 'node:fs';

/** The parent pid from /proc/PID/stat (the command name in parentheses may hold spaces). */
function parentOf(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const after = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ppid = Number(after[1]);
    return Number.isInteger(ppid) && ppid > 0 ? ppid : undefined;
  } catch {
    return undefined;
  }
}

function environOf(pid: number): string[] {
  try {
    return readFileSync(`/proc/${pid}/environ`, 'latin1').split('\0');
  } catch {
    // Another user's process (EACCES) or gone: nothing to learn from it.
    return [];
  }
}

/**
 * The nearest ancestor process started inside a gated agent session: its environment (as it was
 * at exec) carries the launcher's `SHIMCTL_SESSION`, or its PATH holds the shim directory. An agent
 * can scrub its own command's environment (`env -i shimctl approve …`) but not its ancestors'.
 * Linux only: without /proc the walk finds nothing and only the environment check applies.
 */
export function gatedAncestor(shimDir: string, startPid: number = process.ppid): { pid: number; marker: string } | undefined {
  let pid: number | undefined = startPid;
  for (let hops = 0; pid !== undefined && pid > 1 && hops < 64; hops++) {
    for (const entry of environOf(pid)) {
      if (entry.startsWith('SHIMCTL_SESSION=') && entry.length > 'SHIMCTL_SESSION='.length) return { pid, marker: 'SHIMCTL_SESSION' };
      if (entry.startsWith('PATH=') && entry.slice(5).split(':').includes(shimDir)) return { pid, marker: 'PATH contains the shim directory' };
    }
    pid = parentOf(pid);
  }
  return undefined;
}
