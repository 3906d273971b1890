/**
 * The child runs as the leader of its own process group (spawned detached), so signalling
 * `-pid` reaches everything it forked that stayed in the group, background jobs included.
 */
export function signalGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch {
    // ESRCH: the group is already gone, which is what we wanted.
  }
}

const FORWARDED = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGQUIT'] as const;

export interface SignalForwarder {
  /** The child's pid is known: deliver any signal that arrived while it was being spawned. */
  attach(pid: number): void;
  /** Removes the handlers; true when a terminating signal was forwarded (sweep the group). */
  stop(): boolean;
}

/**
 * While a child runs, signals aimed at shimctl go to the child's group instead of killing
 * shimctl, so shimctl lives long enough to reap the child and write its audit record. TERM, HUP
 * and QUIT are followed by KILL after the grace period; INT is only forwarded, as interactive
 * programs handle it themselves. Installed BEFORE the spawn, so no signal slips in between.
 */
export function forwardSignals(graceMs: number): SignalForwarder {
  const timers: NodeJS.Timeout[] = [];
  const early: NodeJS.Signals[] = [];
  let pid: number | undefined;
  let terminated = false;
  const deliver = (signal: NodeJS.Signals): void => {
    if (pid === undefined) {
      early.push(signal);
      return;
    }
    signalGroup(pid, signal);
    if (signal !== 'SIGINT') {
      terminated = true;
      const target = pid;
      const t = setTimeout(() => signalGroup(target, 'SIGKILL'), graceMs);
      t.unref();
      timers.push(t);
    }
  };
  const handlers = FORWARDED.map((signal) => {
    const handler = (): void => deliver(signal);
    process.on(signal, handler);
    return [signal, handler] as const;
  });
  return {
    attach(childPid) {
      pid = childPid;
      for (const signal of early.splice(0)) deliver(signal);
    },
    stop() {
      for (const [signal, handler] of handlers) process.off(signal, handler);
      for (const t of timers) clearTimeout(t);
      return terminated || early.length > 0;
    },
  };
}
