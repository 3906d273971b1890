import { parseArgs } from 'node:util';
import { createApp } from '../../../compositionRoot.js';
import { loadOrCreateToken, readServerInfo, removeServerInfo, serverFiles, writeServerInfo } from '../../../infrastructure/http/serverFiles.js';
import { refusePeer } from '../../http/peerGuard.js';
import { approvalsWiring } from '../approvals/approvalsWiring.js';
import type { CliCommand } from '../cliContext.js';
import { EXIT_USAGE } from '../cliContext.js';

const USAGE = `usage: shimctl serve [--port N]

Serves the local HTTP API (docs/http-api.md) on 127.0.0.1 until SIGINT/SIGTERM.
  --port N   the port (default 7819; 0 picks a free one, which is printed)
The bearer token is in an owner-only file in the state directory (printed at start).
`;

export const DEFAULT_HTTP_PORT = 7819;

export const serveCommand: CliCommand = {
  name: 'serve',
  summary: 'Serve the local HTTP API on 127.0.0.1 (--port N; 0 picks one).',
  async run(args, ctx) {
    let port = DEFAULT_HTTP_PORT;
    try {
      const { values } = parseArgs({ args, strict: true, allowPositionals: false, options: { port: { type: 'string' }, help: { type: 'boolean', short: 'h' } } });
      if (values.help) { ctx.stdout.write(USAGE); return 0; }
      if (values.port !== undefined) {
        if (!/^[0-9]{1,5}$/.test(values.port) || Number(values.port) > 65535) throw new Error(`--port must be 0..65535, not '${values.port}'`);
        port = Number(values.port);
      }
    } catch (err) {
      ctx.stderr.write(`shimctl serve: ${(err as Error).message}\n${USAGE}`);
      return EXIT_USAGE;
    }
    const app = createApp(ctx.env);
    const files = serverFiles(app.paths.stateDir);
    const running = readServerInfo(files);
    if (running) {
      ctx.stderr.write(`shimctl serve: a server already runs at ${running.url} (pid ${running.pid})\n`);
      return 1;
    }
    const token = loadOrCreateToken(files);
    // Loaded here, not at start-up: fastify is a bundle of its own (scripts/build.mjs).
    const { createHttpServer } = await import('../../http/createHttpServer.js');
    let bound = port;
    const server = createHttpServer({
      token,
      port: () => bound,
      // One app for every request: the config is still loaded per request (a changed file applies at once).
      decide: () => app,
      auditLog: app.paths.auditLog,
      approvals: () => approvalsWiring(ctx.env),
      refusePeer: (peerPort) => refusePeer(peerPort, bound, app.paths.shimDir, app.paths.stateDir),
    });
    try {
      await server.listen({ host: '127.0.0.1', port });
    } catch (err) {
      ctx.stderr.write(`shimctl serve: cannot listen on 127.0.0.1:${port}: ${(err as Error).message}\n`);
      return 1;
    }
    const addr = server.server.address();
    bound = typeof addr === 'object' && addr ? addr.port : port;
    const url = `http://127.0.0.1:${bound}`;
    writeServerInfo(files, { url, port: bound, pid: process.pid, started: new Date().toISOString() });
    ctx.stdout.write(`shimctl serve: listening on ${url} (token: ${files.token})\n`);
    await new Promise<void>((resolve) => {
      const stop = () => resolve();
      process.once('SIGINT', stop);
      process.once('SIGTERM', stop);
    });
    removeServerInfo(files, process.pid);
    await server.close();
    return 0;
  },
};
