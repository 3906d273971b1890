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

/**
 * While a child runs, signals aimed at shimctl go to the child's group instead of killing
 * shimctl, so shimctl lives long enough to reap the child and write its audit record. TERM, HUP
 * and QUIT are followed by KILL after the grace period; INT is only forwarded, as interactive
 * programs handle it themselves. Returns the function that removes the handlers; it reports
 * whether a terminating signal was forwarded (the caller then sweeps the group).
 */
export function forwardSignals(pid: number, graceMs: number): () => boolean {
  const timers: NodeJS.Timeout[] = [];
  let terminated = false;
  const handlers = FORWARDED.map((signal) => {
    const handler = (): void => {
      signalGroup(pid, signal);
      if (signal !== 'SIGINT') {
        terminated = true;
        const t = setTimeout(() => signalGroup(pid, 'SIGKILL'), graceMs);
        t.unref();
        timers.push(t);
      }
    };
    process.on(signal, handler);
    return [signal, handler] as const;
  });
  return () => {
    for (const [signal, handler] of handlers) process.off(signal, handler);
    for (const t of timers) clearTimeout(t);
    return terminated;
  };
}
