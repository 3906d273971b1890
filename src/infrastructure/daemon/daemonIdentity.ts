// The Node side of the check the compiled client makes before it trusts the process on the
// daemon socket (shims/client/shimctl-client.c, verify_daemon): used by `shimctl daemon status`
// and `start`, which only connect and never take an answer. Node cannot read SO_PEERCRED, so the
// pid checked here is the one the lock names.
import { readFileSync, statSync } from 'node:fs';
import { DAEMON_ENV_NAMES, DAEMON_NODE_FLAGS } from './daemonEnv.js';

/** Why the process `pid` is not a resident process of this install (node, entry), or undefined when it is. */
export function daemonIdentityMismatch(pid: number, expected: { node: string; entry: string }): string | undefined {
  try {
    const exe = statSync(`/proc/${pid}/exe`);
    const node = statSync(expected.node);
    if (exe.dev !== node.dev || exe.ino !== node.ino) return `pid ${pid} does not run ${expected.node}`;
    const argv = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
    const want = [...DAEMON_NODE_FLAGS, expected.entry, 'daemon', 'run'];
    if (want.some((arg, i) => argv[i + 1] !== arg)) return `pid ${pid} does not run ${expected.entry} as 'daemon run'`;
    const allowed: ReadonlySet<string> = new Set(DAEMON_ENV_NAMES);
    const names = readFileSync(`/proc/${pid}/environ`, 'utf8')
      .split('\0')
      .filter(Boolean)
      .map((e) => e.slice(0, e.indexOf('=')));
    const extra = names.filter((n) => !allowed.has(n));
    if (extra.length) return `pid ${pid} has variables other than the daemon's own (${extra.slice(0, 3).join(', ')})`;
    return undefined;
  } catch (err) {
    return `pid ${pid}: ${(err as NodeJS.ErrnoException).code ?? String(err)}`;
  }
}
