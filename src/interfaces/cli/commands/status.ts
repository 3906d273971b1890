import { statePaths } from '../../../infrastructure/paths/statePaths.js';
import { readManifest } from '../../../infrastructure/install/manifestStore.js';
import { configReport } from '../../../infrastructure/config/projectConfigReport.js';
import type { CliCommand } from '../cliContext.js';
import { configStatusLines } from '../configLines.js';

export const statusCommand: CliCommand = {
  name: 'status',
  summary: 'Show where shimctl is installed and which agents it covers (--json).',
  async run(args, ctx) {
    try {
      const paths = statePaths(ctx.env);
      const manifest = readManifest(paths.manifest);
      const status = {
        installed: Boolean(manifest),
        launcherDir: paths.launcherDir,
        shimDir: paths.shimDir,
        auditLog: paths.auditLog,
        realShells: manifest?.realShells,
        agents: (manifest?.agents ?? []).map((a) => ({ name: a.name, realPath: a.realPath, launcher: a.launcher, coverage: a.coverage, note: a.note })),
        // The config the agent's commands in this directory get: a broken project file blocks them all.
        config: configReport(paths, ctx.cwd),
      };
      if (args.includes('--json')) {
        ctx.stdout.write(`${JSON.stringify(status, null, 2)}\n`);
        return 0;
      }
      const lines = [
        `installed:    ${status.installed ? `yes (${manifest!.installedAt})` : 'no — run `shimctl install`'}`,
        `launcher dir: ${status.launcherDir}`,
        `shim dir:     ${status.shimDir}`,
        `audit log:    ${status.auditLog}`,
        ...(status.agents.length === 0 ? ['agents:       none installed'] : ['agents:']),
        ...status.agents.flatMap((a) => [`  ${a.name.padEnd(12)} ${a.coverage.padEnd(8)} ${a.realPath}`, `  ${''.padEnd(12)} ${a.note}`]),
        ...configStatusLines(status.config),
      ];
      ctx.stdout.write(`${lines.join('\n')}\n`);
      return 0;
    } catch (err) {
      ctx.stderr.write(`shimctl status: ${err instanceof Error ? err.message : String(err)}\n`);
      return 1;
    }
  },
};
