import { spawn } from 'node:child_process';
import type { PendingRequest } from '../../domain/approvals/pendingRequest.js';
import { showControls } from '../../domain/approvals/showControls.js';
import { findExecutableOnPath } from '../hostFacts/findExecutableOnPath.js';
import { TRUSTED_OPA_DIRS } from '../rego/locateOpa.js';

/**
 * Where `notify-send` is looked for: the same trusted system directories as `opa` (see
 * locateOpa.ts), deliberately NOT the request's PATH. The review core runs it outside any review,
 * and the PATH of an asking shell is the agent's: a script the agent wrote could have prepended a
 * directory holding its own `notify-send`.
 */
export const TRUSTED_NOTIFY_DIRS: readonly string[] = TRUSTED_OPA_DIRS;

/** The PATH `notify-send` itself gets (for anything it runs, e.g. a D-Bus autolaunch): fixed, never the request's. */
const NOTIFY_PATH = '/usr/local/bin:/usr/bin:/bin';

/**
 * A session bus address is passed on only if every entry is a plain `unix:` socket address: D-Bus
 * also knows transports that run a program (`unixexec:`, `autolaunch:`), which an agent could aim
 * at a file of its own. Without the variable notify-send still finds `$XDG_RUNTIME_DIR/bus`.
 */
function safeBusAddress(value: string | undefined): string | undefined {
  if (!value) return undefined;
  return value.split(';').every((a) => a === '' || a.startsWith('unix:')) ? value : undefined;
}

/**
 * The whole environment `notify-send` gets: what it needs to reach the desktop session, nothing
 * else (no tokens, no HOME, no LD_PRELOAD or other loader variables of the request).
 */
export function notifyEnv(env: Record<string, string | undefined>): Record<string, string> {
  const out: Record<string, string> = { PATH: NOTIFY_PATH };
  if (env.DISPLAY) out.DISPLAY = env.DISPLAY;
  if (env.WAYLAND_DISPLAY) out.WAYLAND_DISPLAY = env.WAYLAND_DISPLAY;
  const bus = safeBusAddress(env.DBUS_SESSION_BUS_ADDRESS);
  if (bus) out.DBUS_SESSION_BUS_ADDRESS = bus;
  if (env.XDG_RUNTIME_DIR?.startsWith('/')) out.XDG_RUNTIME_DIR = env.XDG_RUNTIME_DIR;
  return out;
}

/** notify-send bodies accept a little markup; the command must show as text. */
const markupSafe = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * Best effort desktop notice that a request waits (only with a graphical session and `notify-send`
 * installed in a trusted system directory; `SHIMCTL_NOTIFY=0` turns it off). It never delays or
 * fails the request. `dirs` is for tests only; it is never taken from the environment.
 */
export function notifyDesktop(
  env: Record<string, string | undefined>,
  r: PendingRequest,
  dirs: readonly string[] = TRUSTED_NOTIFY_DIRS,
): void {
  if (env.SHIMCTL_NOTIFY === '0' || !(env.DISPLAY || env.WAYLAND_DISPLAY)) return;
  const bin = findExecutableOnPath('notify-send', dirs.filter((d) => d.startsWith('/') && !d.includes(':')).join(':'));
  if (!bin) return;
  const command = showControls(r.command);
  const body = markupSafe(
    `${r.agent ?? 'an agent'} asks to run: ${command.length > 200 ? `${command.slice(0, 199)}…` : command}\nAnswer with: shimctl approvals`,
  );
  try {
    const child = spawn(bin, ['--app-name=shimctl', 'shimctl: approval needed', body], {
      stdio: 'ignore',
      detached: true,
      cwd: '/',
      env: notifyEnv(env),
    });
    child.on('error', () => undefined);
    child.unref();
  } catch {
    // A notice is a convenience; the request stands without it.
  }
}
