import { MODES, effectiveMode, isMode } from '../../../domain/modes/mode.js';
import { createApp } from '../../../compositionRoot.js';
import { editUserConfig } from '../../../infrastructure/config/editUserConfig.js';
import { ENV_MODE } from '../../../application/intercept/interceptRequest.js';
import { approvalsWiring } from '../approvals/approvalsWiring.js';
import { refuseToAnswer, sessionRefusalMessage } from '../approvals/sessionGuard.js';
import type { CliCommand } from '../cliContext.js';
import { EXIT } from '../exitCodes.js';
import { UsageError, runCommand } from '../runCommand.js';

const USAGE = `usage: shimctl mode [--json]      show the modes in effect here
       shimctl mode NAME             set your default mode (${MODES.join(', ')})
`;

/** `shimctl mode [NAME]` (docs/modes.md): shows the modes in effect, or sets the user's default in config.json. */
export const modeCommand: CliCommand = {
  name: 'mode',
  summary: 'Show the modes in effect, or set your default mode (plan, default, acceptEdits, yolo).',
  run: (args, ctx) =>
    runCommand(
      {
        name: 'mode',
        usage: USAGE,
        options: { json: { type: 'boolean' } },
        positionals: 'any',
        run: (values, words) => {
          const json = values.json === true;
          if (words.length > 1) throw new UsageError(`unexpected ${words.join(' ')}`);
          const app = createApp(ctx.env);
          if (words.length === 1) {
            const name = words[0]!;
            if (!isMode(name)) {
              ctx.stderr.write(`shimctl mode: '${name}' is not a mode (${MODES.join(', ')})\n`);
              return EXIT.USAGE;
            }
            // Setting the mode changes the gate: refused inside an agent session, like approve.
            const refused = refuseToAnswer(ctx.env, approvalsWiring(ctx.env));
            if (refused) {
              ctx.stderr.write(sessionRefusalMessage('mode', refused));
              return EXIT.FAILED;
            }
            const out = editUserConfig(app.paths, (content) => ({ ...content, mode: name }));
            if (!out.ok) {
              ctx.stderr.write(`shimctl mode: not saved to ${out.file}: ${out.message}\n`);
              return EXIT.FAILED;
            }
            ctx.stdout.write(
              `default mode set to ${name} in ${out.file} (agents launched from now on; a running session keeps its mode)\n`,
            );
            return EXIT.OK;
          }
          const loaded = app.configSource.load(ctx.cwd);
          if (loaded.kind !== 'ok') {
            ctx.stderr.write(`shimctl mode: the config does not load (${loaded.file}: ${loaded.message})\n`);
            return EXIT.FAILED;
          }
          const launch = ctx.env[ENV_MODE] || undefined;
          const view = {
            user: loaded.config.mode ?? 'default',
            ceiling: loaded.config.modeCeiling ?? null,
            launch: launch ?? null,
            effective: effectiveMode(
              isMode(launch) ? launch : undefined,
              loaded.config.mode,
              loaded.config.modeCeiling,
            ),
            cwd: ctx.cwd,
          };
          if (json) ctx.stdout.write(`${JSON.stringify(view)}\n`);
          else {
            ctx.stdout.write(`default mode (your config): ${view.user}\n`);
            ctx.stdout.write(`ceiling (managed file, project files): ${view.ceiling ?? 'none'}\n`);
            ctx.stdout.write(`this launch (${ENV_MODE}): ${view.launch ?? 'not set'}\n`);
            ctx.stdout.write(`in effect in ${ctx.cwd}: ${view.effective}\n`);
          }
          return EXIT.OK;
        },
      },
      args,
      ctx,
    ),
};
