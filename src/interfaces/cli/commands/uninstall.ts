import { statePaths } from '../../../infrastructure/paths/statePaths.js';
import { uninstall } from '../../../infrastructure/install/uninstall.js';
import type { CliCommand } from '../cliContext.js';
import { stop as stopResidentProcess } from './daemon.js';
import { EXIT } from '../exitCodes.js';
import { runCommand } from '../runCommand.js';

const USAGE = 'usage: shimctl uninstall [--purge]\n';

export const uninstallCommand: CliCommand = {
  name: 'uninstall',
  summary: 'Remove the launchers, shims and PATH blocks install added (--purge: audit logs too).',
  run: (args, ctx) =>
    runCommand(
      {
        name: 'uninstall',
        usage: USAGE,
        options: { purge: { type: 'boolean' } },
        run: async (values) => {
          const purge = values.purge === true;
          // The resident review process (and an HTTP API inside it) must not outlive the install
          // (attack pass 4 found it still running after uninstall).
          await stopResidentProcess({ ...ctx, stdout: { write: () => true } as unknown as typeof ctx.stdout });
          const r = uninstall(statePaths(ctx.env), purge);
          if (r.nothingInstalled) ctx.stdout.write('Nothing installed (no manifest).\n');
          for (const f of r.removed) ctx.stdout.write(`removed ${f}\n`);
          for (const f of r.kept) ctx.stderr.write(`kept ${f}\n`);
          for (const p of r.problems) ctx.stderr.write(`${p}\n`);
          if (!purge && !r.nothingInstalled)
            ctx.stdout.write(
              'Audit logs kept; `shimctl uninstall --purge` removes them. Open a new shell or run `hash -r`.\n',
            );
          return r.kept.length + r.problems.length === 0 ? EXIT.OK : EXIT.FAILED;
        },
      },
      args,
      ctx,
    ),
};
