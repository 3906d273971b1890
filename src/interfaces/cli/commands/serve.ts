import { parseArgs } from 'node:util';
import { createApp } from '../../../compositionRoot.js';
import { defaultConfig } from '../../../domain/defaultConfig.js';
import { startHttpApi } from '../../http/startHttpApi.js';
import type { CliCommand } from '../cliContext.js';
import { EXIT_USAGE } from '../cliContext.js';

const USAGE = `usage: shimctl serve [--port N]

Serves the local HTTP API (docs/http-api.md) on 127.0.0.1 until SIGINT/SIGTERM.
  --port N   the port (default: "http.port" in your config; 0 picks a free one, which is printed)
The bearer token is in an owner-only file in the state directory (printed at start).
`;

export const serveCommand: CliCommand = {
  name: 'serve',
  summary: 'Serve the local HTTP API on 127.0.0.1 (--port N; 0 picks one).',
  async run(args, ctx) {
    let port: number | undefined;
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
    if (port === undefined) {
      const app = createApp(ctx.env);
      const loaded = app.configSource.load(app.paths.home);
      port = (loaded.kind === 'ok' ? loaded.config : defaultConfig()).http.port;
    }
    let api;
    try {
      api = await startHttpApi(ctx.env, port);
    } catch (err) {
      ctx.stderr.write(`shimctl serve: ${(err as Error).message}\n`);
      return 1;
    }
    ctx.stdout.write(`shimctl serve: listening on ${api.url} (token: ${api.tokenFile})\n`);
    await new Promise<void>((resolve) => {
      process.once('SIGINT', () => resolve());
      process.once('SIGTERM', () => resolve());
    });
    await api.close();
    return 0;
  },
};
