import { isAbsolute, join } from 'node:path';

/** Every directory shimctl uses, derived from HOME and the XDG variables only. */
export interface StatePaths {
  home: string;
  configDir: string;
  stateDir: string;
  dataDir: string;
  /** Launchers, meant to be first on PATH. */
  launcherDir: string;
  /** The `bash` and `sh` shims. */
  shimDir: string;
  auditDir: string;
  auditLog: string;
  approvalsDir: string;
  manifest: string;
  runDir: string;
  /**
   * The managed (admin) config file: rules users cannot loosen and a mode ceiling (docs/rules.md).
   * `/etc/shimctl/managed.json`, or `SHIMCTL_MANAGED_CONFIG` when absolute (tests, other layouts).
   */
  managedConfig?: string;
}

export const DEFAULT_MANAGED_CONFIG = '/etc/shimctl/managed.json';

type Env = Record<string, string | undefined>;

function xdg(env: Env, name: string, home: string, fallback: string): string {
  const value = env[name];
  // The XDG spec says relative values are invalid and must be ignored.
  return value && isAbsolute(value) ? value : join(home, fallback);
}

export function statePaths(env: Env): StatePaths {
  const home = env.HOME;
  if (!home || !isAbsolute(home)) {
    throw new Error('HOME is not set to an absolute path; shimctl derives every path it uses from it');
  }
  const configDir = join(xdg(env, 'XDG_CONFIG_HOME', home, '.config'), 'shimctl');
  const stateDir = join(xdg(env, 'XDG_STATE_HOME', home, '.local/state'), 'shimctl');
  const dataDir = join(xdg(env, 'XDG_DATA_HOME', home, '.local/share'), 'shimctl');
  const auditDir = join(stateDir, 'audit');
  return {
    home,
    configDir,
    stateDir,
    dataDir,
    launcherDir: join(dataDir, 'bin'),
    shimDir: join(dataDir, 'shims'),
    auditDir,
    auditLog: join(auditDir, 'audit.jsonl'),
    approvalsDir: join(stateDir, 'approvals'),
    manifest: join(dataDir, 'manifest.json'),
    runDir: join(stateDir, 'run'),
    managedConfig:
      env.SHIMCTL_MANAGED_CONFIG && isAbsolute(env.SHIMCTL_MANAGED_CONFIG)
        ? env.SHIMCTL_MANAGED_CONFIG
        : DEFAULT_MANAGED_CONFIG,
  };
}
