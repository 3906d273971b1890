import { statePaths } from '../../../infrastructure/paths/statePaths.js';
import { readManifest } from '../../../infrastructure/install/manifestStore.js';
import { configReport } from '../../../infrastructure/config/projectConfigReport.js';
import { auditVolumeWarning } from '../../../infrastructure/audit/auditHealth.js';
import { readServerInfo, serverFiles } from '../../../infrastructure/http/serverFiles.js';
import type { CliCommand } from '../cliContext.js';
import { EXIT } from '../exitCodes.js';
import { runCommand } from '../runCommand.js';
import { auditSettings } from '../audit/auditSettings.js';
import { configStatusLines } from '../configLines.js';
import { errorMessage } from '../../../application/shimctlError.js';
import { shipReport, shipStatusLines } from '../../../infrastructure/audit/ship/shipReport.js';

const USAGE = 'usage: shimctl status [--json]\n';

export const statusCommand: CliCommand = {
  name: 'status',
  summary: 'Show where shimctl is installed and which agents it covers (--json).',
  run: (args, ctx) =>
    runCommand(
      {
        name: 'status',
        usage: USAGE,
        options: { json: { type: 'boolean' } },
        run: (values) => {
          const paths = statePaths(ctx.env);
          const manifest = readManifest(paths.manifest);
          const status = {
            installed: Boolean(manifest),
            launcherDir: paths.launcherDir,
            shimDir: paths.shimDir,
            auditLog: paths.auditLog,
            auditWarning: safeVolumeWarning(paths.auditLog, ctx),
            realShells: manifest?.realShells,
            agents: (manifest?.agents ?? []).map((a) => ({
              name: a.name,
              realPath: a.realPath,
              launcher: a.launcher,
              coverage: a.coverage,
              note: a.note,
            })),
            // The config the agent's commands in this directory get: a broken project file blocks them all.
            config: configReport(paths, ctx.cwd),
            // The local HTTP API (`shimctl serve`), when one runs for this user.
            http: readServerInfo(serverFiles(paths.stateDir))?.url ?? null,
            // Per ship target: records not yet accepted, the last successful push, the last error.
            ship: shipReport(ctx.env, paths.auditLog),
          };
          if (values.json) {
            ctx.stdout.write(`${JSON.stringify(status, null, 2)}\n`);
            return EXIT.OK;
          }
          const lines = [
            `installed:    ${status.installed ? `yes (${manifest!.installedAt})` : 'no — run `shimctl install`'}`,
            `launcher dir: ${status.launcherDir}`,
            `shim dir:     ${status.shimDir}`,
            `audit log:    ${status.auditLog}`,
            ...(status.auditWarning ? [`  warning:    ${status.auditWarning}`] : []),
            ...(status.agents.length === 0 ? ['agents:       none installed'] : ['agents:']),
            ...status.agents.flatMap((a) => [
              `  ${a.name.padEnd(12)} ${a.coverage.padEnd(8)} ${a.realPath}`,
              `  ${''.padEnd(12)} ${a.note}`,
            ]),
            ...configStatusLines(status.config),
            `http api:     ${status.http ?? 'not running (shimctl serve)'}`,
            ...shipStatusLines(status.ship),
          ];
          ctx.stdout.write(`${lines.join('\n')}\n`);
          return EXIT.OK;
        },
      },
      args,
      ctx,
    ),
};

/** A status line must never fail because the log is unreadable: that is doctor's job. */
function safeVolumeWarning(path: string, ctx: Parameters<CliCommand['run']>[1]): string | undefined {
  try {
    return auditVolumeWarning(path, auditSettings(ctx), Date.now());
  } catch (err) {
    return `could not measure the audit volume: ${errorMessage(err)}`;
  }
}
