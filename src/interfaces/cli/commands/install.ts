import { statePaths } from '../../../infrastructure/paths/statePaths.js';
import { install } from '../../../infrastructure/install/install.js';
import { findPackageRoot } from '../../../infrastructure/install/packageRoot.js';
import type { CliCommand } from '../cliContext.js';
import { EXIT } from '../exitCodes.js';
import { UsageError, runCommand } from '../runCommand.js';

const USAGE = `usage: shimctl install [--agent NAME=PATH]… [--no-modify-path] [--dry-run]

Finds the agents on PATH, writes a launcher for each, the bash/sh shims and a manifest,
and puts the launcher directory first on PATH in your shell start-up files.
  --agent NAME=PATH   also put this program behind the gate (repeatable)
  --no-modify-path    do not edit start-up files; print the line to add instead
  --dry-run           show what would be written; change nothing
`;

export const installCommand: CliCommand = {
  name: 'install',
  summary: 'Put launchers in front of the agents found on PATH and write the shims.',
  run: (args, ctx) =>
    runCommand(
      {
        name: 'install',
        usage: USAGE,
        options: {
          agent: { type: 'string', multiple: true },
          'no-modify-path': { type: 'boolean' },
          'dry-run': { type: 'boolean' },
        },
        run: (values) => {
          const extraAgents: Array<{ name: string; path: string }> = [];
          const modifyPath = values['no-modify-path'] !== true;
          const dryRun = values['dry-run'] === true;
          for (const spec of values.agent ?? []) {
            const m = /^([A-Za-z0-9][A-Za-z0-9._-]*)=(\/.+)$/.exec(spec);
            if (!m) throw new UsageError(`--agent wants NAME=/absolute/path, got '${spec}'`);
            extraAgents.push({ name: m[1]!, path: m[2]! });
          }
          const paths = statePaths(ctx.env);
          const layout = findPackageRoot(process.argv[1] ?? '');
          const r = install({
            paths,
            pathVar: ctx.env.PATH ?? '',
            layout,
            node: process.execPath,
            extraAgents,
            modifyPath,
            dryRun,
            env: ctx.env,
          });
          const out = (s: string) => ctx.stdout.write(`${s}\n`);
          if (dryRun) out('dry run: nothing was changed.');
          if (r.agents.length === 0) {
            out('No agent was found on PATH. The shims are installed; add an agent later with');
            out(
              '  shimctl install --agent NAME=/absolute/path/to/agent   (or install the agent, then run shimctl install again)',
            );
          }
          for (const a of r.agents) out(`agent ${a.name.padEnd(12)} ${a.realPath}  (coverage: ${a.coverage})`);
          for (const f of r.written) out(`${dryRun ? 'would write' : 'wrote'} ${f}`);
          for (const f of r.skipped ?? [])
            out(`left ${f} alone: it is not shimctl's (add shimctl's hook to it by hand, see docs/hooks.md)`);
          for (const f of r.rcEdited) out(`${dryRun ? 'would add' : 'added'} the PATH block to ${f}`);
          if (r.written.length === 0 && r.rcEdited.length === 0) out('Already installed: nothing changed.');
          if (!modifyPath)
            out(`Start-up files untouched. Add this line to your shell's start-up file:\n  ${r.pathLine}`);
          if (!dryRun)
            out(
              `Open a new shell (or run: export PATH=${JSON.stringify(paths.launcherDir)}:"$PATH"; hash -r) so the launchers come first. Check with: shimctl doctor`,
            );
          return EXIT.OK;
        },
      },
      args,
      ctx,
    ),
};
