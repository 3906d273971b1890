import { errorMessage } from '../../../application/shimctlError.js';
import { createApp } from '../../../compositionRoot.js';
import { defaultConfig } from '../../../domain/defaultConfig.js';
import { startHttpApi } from '../../http/startHttpApi.js';
import type { CliCommand } from '../cliContext.js';
import { EXIT } from '../exitCodes.js';
import { UsageError, runCommand } from '../runCommand.js';

const USAGE = `usage: shimctl serve [--port N]

Serves the local HTTP API (docs/http-api.md) on 127.0.0.1 until SIGINT/SIGTERM.
  --port N   the port (default: "http.port" in your config; 0 picks a free one, which is printed)
The bearer token is in an owner-only file in the state directory (printed at start).
`;

export const serveCommand: CliCommand = {
  name: 'serve',
  summary: 'Serve the local HTTP API on 127.0.0.1 (--port N; 0 picks one).',
  run: (args, ctx) =>
    runCommand(
      {
        name: 'serve',
        usage: USAGE,
        options: { port: { type: 'string' } },
        run: async (values) => {
          let port: number | undefined;
          if (values.port !== undefined) {
            if (!/^[0-9]{1,5}$/.test(values.port) || Number(values.port) > 65535)
              throw new UsageError(`--port must be 0..65535, not '${values.port}'`);
            port = Number(values.port);
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
            ctx.stderr.write(`shimctl serve: ${errorMessage(err)}\n`);
            return EXIT.FAILED;
          }
          ctx.stdout.write(`shimctl serve: listening on ${api.url} (token: ${api.tokenFile})\n`);
          await new Promise<void>((resolve) => {
            process.once('SIGINT', () => resolve());
            process.once('SIGTERM', () => resolve());
          });
          await api.close();
          return EXIT.OK;
        },
      },
      args,
      ctx,
    ),
};
