import { lstatSync } from 'node:fs';
import { createServer } from 'node:net';
import type { Server, Socket } from 'node:net';
import type { Executor } from '../../application/ports/executor.js';
import type { DaemonFiles } from './daemonFiles.js';
import { FrameReader, PROTOCOL, decodeFields, encodeFields, encodeFrame } from './frames.js';
import type { DaemonRequest } from './daemonRequest.js';
import { MAX_REQUEST_AGE_MS, parseRequest, sameToken } from './daemonRequest.js';
import { errorMessage } from '../../application/shimctlError.js';

export type { DaemonRequest } from './daemonRequest.js';
export { parseRequest } from './daemonRequest.js';
import { createRemoteExecutor } from './remoteExecutor.js';

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

/** Serves shim clients on the owner-only socket until idle, stale or stopped. */
export function startDaemon(opts: DaemonOptions): Promise<RunningDaemon> {
  let active = 0;
  let idleTimer: NodeJS.Timeout | undefined;
  let stopping: string | undefined;
  let finish: (reason: string) => void = () => {};
  const stopped = new Promise<string>((resolve) => {
    finish = resolve;
  });

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

/**
 * How long a request may go without any answer before the daemon says "accepted" on its own.
 * Any answer (X, E, D) is acceptance to the client, so a prompt review sends no A frame at all
 * (one socket write and one client wake-up fewer per command); a slow one (an approval) sends A
 * well before the client's 1.5 s answer timeout would make it fall back.
 */
export const ACCEPT_AFTER_MS = 300;

function serve(socket: Socket, opts: DaemonOptions, stop: (reason: string) => void): void {
  const reader = new FrameReader();
  let started = false;
  let closed = false;
  let acceptTimer: NodeJS.Timeout | undefined;
  let awaitingResult: ((body: Buffer | undefined) => void) | undefined;
  const send = (type: 'A' | 'F' | 'E' | 'X' | 'D', body: Buffer): void => {
    clearTimeout(acceptTimer);
    if (!closed) socket.write(encodeFrame(type, body));
  };
  const refuse = (reason: string): void => {
    send('F', encodeFields([reason]));
    socket.end();
  };
  socket.on('error', () => undefined);
  socket.on('close', () => {
    closed = true;
    clearTimeout(acceptTimer);
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
        return refuse(`bad request: ${errorMessage(err)}`);
      }
      const stale = opts.staleReason();
      if (stale) {
        refuse(`stale daemon: ${stale}`);
        stop('stale');
        return;
      }
      const foreign = opts.refuseEnv(req.env);
      if (foreign) return refuse(foreign);
      acceptTimer = setTimeout(() => send('A', Buffer.alloc(0)), ACCEPT_AFTER_MS);
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
