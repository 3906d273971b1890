// Starts the BUILT `shimctl serve --port 0` in a throwaway HOME and talks to it over real HTTP.
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CLI, SYSTEM_PATH, hermeticEnv } from '../install/cliHarness.js';

export interface RunningServer {
  url: string;
  port: number;
  token: string;
  child: ChildProcess;
  stop(): Promise<void>;
  /** fetch with the bearer token (unless `auth: false`). */
  call(path: string, init?: RequestInit & { auth?: boolean }): Promise<Response>;
}

export async function startServer(home: string, extraEnv: Record<string, string> = {}): Promise<RunningServer> {
  const env = hermeticEnv(home, SYSTEM_PATH, extraEnv);
  const child = spawn(process.execPath, [CLI, 'serve', '--port', '0'], {
    env,
    cwd: home,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stderr!.on('data', (d) => (err += d));
  const url = await new Promise<string>((resolve, reject) => {
    const t = setTimeout(() => reject(new Error(`serve did not start: ${out}${err}`)), 60_000);
    child.stdout!.on('data', (d) => {
      out += d;
      const m = /listening on (http:\/\/127\.0\.0\.1:[0-9]+)/.exec(out);
      if (m) {
        clearTimeout(t);
        resolve(m[1]!);
      }
    });
    child.on('exit', (code) => {
      clearTimeout(t);
      reject(new Error(`serve exited ${code}: ${out}${err}`));
    });
  });
  const token = readFileSync(join(home, '.local', 'state', 'shimctl', 'http', 'shimctl-http.token'), 'utf8').trim();
  const port = Number(new URL(url).port);
  return {
    url,
    port,
    token,
    child,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) resolve();
        else {
          child.once('exit', () => resolve());
          child.kill('SIGTERM');
        }
      }),
    call: (path, init = {}) => {
      const { auth = true, headers, ...rest } = init;
      return fetch(url + path, {
        ...rest,
        headers: {
          ...(auth ? { authorization: `Bearer ${token}` } : {}),
          ...(headers as Record<string, string> | undefined),
        },
      });
    },
  };
}
