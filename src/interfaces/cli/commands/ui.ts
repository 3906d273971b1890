import { spawn, spawnSync } from 'node:child_process';
import { openSync } from 'node:fs';
import { join } from 'node:path';
import { errorMessage } from '../../../application/shimctlError.js';
import { createApp } from '../../../compositionRoot.js';
import { loadOrCreateToken, readServerInfo, readToken, serverFiles } from '../../../infrastructure/http/serverFiles.js';
import type { ServerInfo } from '../../../infrastructure/http/serverFiles.js';
import type { CliCommand } from '../cliContext.js';
import { EXIT } from '../exitCodes.js';
import { runCommand } from '../runCommand.js';

const USAGE = `usage: shimctl ui [--print] [--port N]

Opens the dashboard: starts \`shimctl serve\` in the background unless one runs, then opens the
browser (xdg-open) with a one-time login link, valid for a minute.
  --print    print the link instead of opening a browser
  --port N   the port for a server this starts (default: "http.port" in your config)
`;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export const uiCommand: CliCommand = {
  name: 'ui',
  summary: 'Open the dashboard in a browser (starts `shimctl serve` if needed; --print).',
  run: (args, ctx) =>
    runCommand(
      {
        name: 'ui',
        usage: USAGE,
        options: { print: { type: 'boolean' }, port: { type: 'string' } },
        run: async (values) => {
          const app = createApp(ctx.env);
          const files = serverFiles(app.paths.stateDir);
          let info: ServerInfo | undefined = readServerInfo(files);
          if (!info) {
            loadOrCreateToken(files); // makes the owner-only directory the log goes into
            // In the background, detached from this terminal, its output in the state directory.
            const log = openSync(join(app.paths.stateDir, 'http', 'serve.log'), 'a', 0o600);
            const child = spawn(
              process.execPath,
              [process.argv[1]!, 'serve', ...(values.port ? ['--port', values.port] : [])],
              { env: ctx.env as NodeJS.ProcessEnv, detached: true, stdio: ['ignore', log, log] },
            );
            child.unref();
            for (let i = 0; i < 100 && !info; i++) {
              await sleep(100);
              info = readServerInfo(files);
            }
            if (!info) {
              ctx.stderr.write(`shimctl ui: the server did not start; see ${join(files.dir, 'serve.log')}\n`);
              return EXIT.FAILED;
            }
          }
          const token = readToken(files);
          if (!token) {
            ctx.stderr.write(`shimctl ui: no usable token in ${files.token}\n`);
            return EXIT.FAILED;
          }
          let link: string;
          try {
            const r = await fetch(`${info.url}/v1/ui/login-codes`, {
              method: 'POST',
              headers: { authorization: `Bearer ${token}` },
            });
            if (!r.ok) throw new Error(`HTTP ${r.status}`);
            link = ((await r.json()) as { url: string }).url;
          } catch (err) {
            ctx.stderr.write(`shimctl ui: the server at ${info.url} did not give a login link: ${errorMessage(err)}\n`);
            return EXIT.FAILED;
          }
          if (values.print) {
            ctx.stdout.write(`${link}\n`);
            return EXIT.OK;
          }
          const opened = spawnSync('xdg-open', [link], { stdio: 'ignore', timeout: 10_000 });
          if (opened.status !== 0) {
            ctx.stdout.write(`open this link in your browser within a minute (it works once):\n${link}\n`);
            return EXIT.OK;
          }
          ctx.stdout.write(`opened the dashboard (${info.url})\n`);
          return EXIT.OK;
        },
      },
      args,
      ctx,
    ),
};
