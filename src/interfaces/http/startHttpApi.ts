import { createApp } from '../../compositionRoot.js';
import {
  loadOrCreateToken,
  readServerInfo,
  removeServerInfo,
  serverFiles,
  writeServerInfo,
} from '../../infrastructure/http/serverFiles.js';
import { approvalsWiring } from '../cli/approvals/approvalsWiring.js';
import { loadHttpServer } from './loadHttpServer.js';
import { refusePeer } from './peerGuard.js';

export interface RunningApi {
  url: string;
  tokenFile: string;
  close(): Promise<void>;
}

/**
 * Starts the local HTTP API on 127.0.0.1 for the user `env` names, records where it listens, and
 * returns how to stop it: for `shimctl serve` and for the resident process (`http.serveInDaemon`).
 * Throws when one already runs or the port cannot be bound.
 */
export async function startHttpApi(env: Record<string, string | undefined>, port: number): Promise<RunningApi> {
  const app = createApp(env);
  const files = serverFiles(app.paths.stateDir);
  const running = readServerInfo(files);
  if (running) throw new Error(`a server already runs at ${running.url} (pid ${running.pid})`);
  const token = loadOrCreateToken(files);
  const { createHttpServer } = await loadHttpServer();
  let bound = port;
  const server = createHttpServer({
    token,
    port: () => bound,
    // One app for every request: the config is still loaded per request (a changed file applies at once).
    decide: () => app,
    auditLog: app.paths.auditLog,
    approvals: () => approvalsWiring(env),
    refusePeer: (peerPort) => refusePeer(peerPort, bound, app.paths.shimDir, app.paths.stateDir),
  });
  try {
    await server.listen({ host: '127.0.0.1', port });
  } catch (err) {
    throw new Error(`cannot listen on 127.0.0.1:${port}: ${(err as Error).message}`);
  }
  const addr = server.server.address();
  bound = typeof addr === 'object' && addr ? addr.port : port;
  const url = `http://127.0.0.1:${bound}`;
  writeServerInfo(files, { url, port: bound, pid: process.pid, started: new Date().toISOString() });
  return {
    url,
    tokenFile: files.token,
    close: async () => {
      removeServerInfo(files, process.pid);
      await server.close();
    },
  };
}
