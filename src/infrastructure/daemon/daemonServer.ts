import { timingSafeEqual } from 'node:crypto';
import { lstatSync } from 'node:fs';
import { createServer } from 'node:net';
import type { Server, Socket } from 'node:net';
import type { Executor } from '../../application/ports/executor.js';
import type { DaemonFiles } from './daemonFiles.js';
import { FrameReader, PROTOCOL, decodeFields, encodeFields, encodeFrame, takeList } from './frames.js';
import { createRemoteExecutor } from './remoteExecutor.js';

/** One intercepted shell start, as a client sent it. */
export interface DaemonRequest {
  mode: 'run' | 'check';
  shell: 'bash' | 'sh';
  realShell: string;
  cwd: string;
  args: string[];
  env: Record<string, string>;
}

/** What a request handler talks to: the client's stderr and the client as executor. */
export interface ClientChannel {
  writeStderr(text: string): void;
  executor: Executor;
}

export interface DaemonOptions {
  files: DaemonFiles;
  token: string;
  /** Exit after this long with no request in flight. */
  idleMs: number;
  /** Why this daemon must not serve a client with this environment (another HOME, XDG…), if so. */
  refuseEnv(env: Record<string, string>): string | undefined;
  /** Why this daemon is out of date (its code changed on disk), if so; it then stops. */
  staleReason(): string | undefined;
  /** Reviews, audits and (through the channel) runs; resolves to the exit status. Never rejects. */
  handle(req: DaemonRequest, channel: ClientChannel): Promise<number>;
}

export interface RunningDaemon {
  server: Server;
  /** Resolves once the daemon stopped (idle, stale, or `stop()`), after in-flight requests ended. */
  stopped: Promise<string>;
  stop(reason: string): void;
}

/**
 * The client stops waiting for the acknowledgement after 1.5 s and falls back to the per-command
 * core. A request older than this (the daemon was stopped or starved) is refused unhandled, so
 * the same command is not reviewed, asked and recorded twice.
 */
export const MAX_REQUEST_AGE_MS = 1000;

function sameToken(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export function parseRequest(fields: string[]): DaemonRequest {
  const [, , , mode, shell, realShell, cwd] = fields;
  if (mode !== 'run' && mode !== 'check') throw new Error(`unknown mode '${mode}'`);
  if (shell !== 'bash' && shell !== 'sh') throw new Error(`unknown shell '${shell}'`);
  if (!realShell?.startsWith('/') || !cwd?.startsWith('/')) throw new Error('the real shell and cwd must be absolute');
  const args = takeList(fields, 7);
  const envList = takeList(fields, args.next);
  if (envList.next !== fields.length) throw new Error('trailing fields after the environment');
  const env: Record<string, string> = {};
  for (const entry of envList.list) {
    const eq = entry.indexOf('=');
    // Like execve's environ: the first assignment of a name wins for getenv, so keep the first.
    if (eq > 0 && !(entry.slice(0, eq) in env)) env[entry.slice(0, eq)] = entry.slice(eq + 1);
  }
  return { mode, shell, realShell, cwd, args: args.list, env };
}

/** Serves shim clients on the owner-only socket until idle, stale or stopped. */
export function startDaemon(opts: DaemonOptions): Promise<RunningDaemon> {
  let active = 0;
  let idleTimer: NodeJS.Timeout | undefined;
  let stopping: string | undefined;
  let finish: (reason: string) => void = () => {};
  const stopped = new Promise<string>((resolve) => { finish = resolve; });

  const stop = (reason: string): void => {
    if (stopping) return;
    stopping = reason;
    clearTimeout(idleTimer);
    // No new connections; requests in flight finish (their commands may still be running).
    server.close();
    if (active === 0) finish(reason);
  };
  const armIdle = (): void => {
    clearTimeout(idleTimer);
    if (active === 0) idleTimer = setTimeout(() => stop('idle'), opts.idleMs);
  };

  const server = createServer((socket) => {
    active++;
    clearTimeout(idleTimer);
    let ended = false;
    const end = (): void => {
      if (ended) return;
      ended = true;
      active--;
      if (stopping && active === 0) finish(stopping);
      else armIdle();
    };
    socket.once('close', end);
    serve(socket, opts, stop);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.files.socket, () => {
      server.off('error', reject);
      armIdle();
      watchSocket(opts.files.socket, stop);
      resolve({ server, stopped, stop });
    });
  });
}

/**
 * A daemon whose socket was removed or replaced (its HOME deleted, `shimctl uninstall`, another
 * daemon took over after a stale lock) can no longer be reached: it stops instead of lingering.
 */
function watchSocket(path: string, stop: (reason: string) => void): void {
  const ino = lstatSync(path, { throwIfNoEntry: false })?.ino;
  const timer = setInterval(() => {
    if (lstatSync(path, { throwIfNoEntry: false })?.ino !== ino) {
      clearInterval(timer);
      stop('socket removed');
    }
  }, 2000);
  timer.unref();
}

function serve(socket: Socket, opts: DaemonOptions, stop: (reason: string) => void): void {
  const reader = new FrameReader();
  let started = false;
  let closed = false;
  let awaitingResult: ((body: Buffer | undefined) => void) | undefined;
  const send = (type: 'A' | 'F' | 'E' | 'X' | 'D', body: Buffer): void => {
    if (!closed) socket.write(encodeFrame(type, body));
  };
  const refuse = (reason: string): void => {
    send('F', encodeFields([reason]));
    socket.end();
  };
  socket.on('error', () => undefined);
  socket.on('close', () => {
    closed = true;
    awaitingResult?.(undefined);
    awaitingResult = undefined;
  });
  socket.on('data', (chunk: Buffer) => {
    let frames;
    try {
      frames = reader.push(chunk);
    } catch {
      socket.destroy();
      return;
    }
    for (const frame of frames) {
      if (frame.type === 'R' && awaitingResult) {
        const resolve = awaitingResult;
        awaitingResult = undefined;
        resolve(frame.body);
        continue;
      }
      if (frame.type !== 'Q' || started) {
        socket.destroy();
        return;
      }
      started = true;
      let fields: string[];
      let req: DaemonRequest;
      try {
        fields = decodeFields(frame.body);
        if (fields[0] !== PROTOCOL) return refuse(`protocol '${fields[0]}' is not ${PROTOCOL}`);
        if (!sameToken(fields[1] ?? '', opts.token)) return refuse('wrong token');
        const age = Date.now() - Number(fields[2]);
        if (!(age <= MAX_REQUEST_AGE_MS)) return refuse(`request is ${age} ms old; the client has given up on it`);
        req = parseRequest(fields);
      } catch (err) {
        return refuse(`bad request: ${err instanceof Error ? err.message : String(err)}`);
      }
      const stale = opts.staleReason();
      if (stale) {
        refuse(`stale daemon: ${stale}`);
        stop('stale');
        return;
      }
      const foreign = opts.refuseEnv(req.env);
      if (foreign) return refuse(foreign);
      send('A', Buffer.alloc(0));
      const channel: ClientChannel = {
        writeStderr: (text) => send('E', Buffer.from(text, 'utf8')),
        executor: createRemoteExecutor(
          (body) =>
            new Promise((resolve) => {
              if (closed) return resolve(undefined);
              awaitingResult = resolve;
              send('X', body);
            }),
        ),
      };
      opts
        .handle(req, channel)
        .catch(() => 126)
        .then((code) => {
          send('D', encodeFields([code]));
          socket.end();
        });
    }
  });
}
