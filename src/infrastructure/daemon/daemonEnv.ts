// The resident review process outlives the session that started it and serves every other one.
// Its environment is visible to them (`ps e`, /proc/PID/environ), and variables such as
// NODE_OPTIONS or LD_PRELOAD decide what code runs inside it. So it is started with only what it
// needs: the variables statePaths() reads and its idle period. Each command's environment comes
// from its own request (reduced by the config's allow-list), never from the daemon's.
// shims/client/shimctl-client.c keeps the same list: it refuses a daemon with any other variable.

export const DAEMON_ENV_NAMES = [
  'HOME',
  'XDG_CONFIG_HOME',
  'XDG_STATE_HOME',
  'XDG_DATA_HOME',
  'SHIMCTL_DAEMON_IDLE_SECONDS',
] as const;

/** The variables of `env` a resident process is started with. */
export function daemonEnvironment(env: Record<string, string | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of DAEMON_ENV_NAMES) if (env[name] !== undefined) out[name] = env[name]!;
  return out;
}

/** True when `env` holds nothing but the daemon's own variables. */
export function isDaemonEnvironment(env: Record<string, string | undefined>): boolean {
  const allowed: ReadonlySet<string> = new Set(DAEMON_ENV_NAMES);
  return Object.keys(env).every((name) => allowed.has(name));
}

/** Node flags and arguments of every resident process; the client checks /proc/PID/cmdline against them. */
export const DAEMON_NODE_FLAGS = ['--max-semi-space-size=32'] as const;
export function daemonArgv(entry: string, extra: string[] = []): string[] {
  return [...DAEMON_NODE_FLAGS, entry, 'daemon', 'run', ...extra];
}
