import { spawn } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { join } from 'node:path';
import type { PendingRequest } from '../../domain/approvals/pendingRequest.js';
import { showControls } from '../../domain/approvals/showControls.js';

function onPath(name: string, path: string | undefined): string | undefined {
  for (const dir of (path ?? '').split(':')) {
    if (!dir.startsWith('/')) continue;
    try {
      accessSync(join(dir, name), constants.X_OK);
      return join(dir, name);
    } catch {
      // not here
    }
  }
  return undefined;
}

/** notify-send bodies accept a little markup; the command must show as text. */
const markupSafe = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * Best effort desktop notice that a request waits (only with a graphical session and `notify-send`
 * installed; `SHIMCTL_NOTIFY=0` turns it off). It never delays or fails the request.
 */
export function notifyDesktop(env: Record<string, string | undefined>, r: PendingRequest): void {
  if (env.SHIMCTL_NOTIFY === '0' || !(env.DISPLAY || env.WAYLAND_DISPLAY)) return;
  const bin = onPath('notify-send', env.PATH);
  if (!bin) return;
  const command = showControls(r.command);
  const body = markupSafe(`${r.agent ?? 'an agent'} asks to run: ${command.length > 200 ? `${command.slice(0, 199)}…` : command}\nAnswer with: shimctl approvals`);
  try {
    const child = spawn(bin, ['--app-name=shimctl', 'shimctl: approval needed', body], { stdio: 'ignore', detached: true, env: { ...env } as NodeJS.ProcessEnv });
    child.on('error', () => undefined);
    child.unref();
  } catch {
    // A notice is a convenience; the request stands without it.
  }
}
