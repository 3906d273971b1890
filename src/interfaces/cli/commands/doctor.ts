import { statePaths } from '../../../infrastructure/paths/statePaths.js';
import { doctorChecks } from '../../../infrastructure/install/doctorChecks.js';
import { describeAgentChange } from '../../../application/config/agentChange.js';
import { configReport } from '../../../infrastructure/config/projectConfigReport.js';
import type { StatePaths } from '../../../infrastructure/paths/statePaths.js';
import type { Check } from '../../../infrastructure/install/doctorChecks.js';
import { auditHealthChecks } from '../../../infrastructure/audit/auditHealth.js';
import { auditSettings } from '../audit/auditSettings.js';
import { shipChecks, shipReport } from '../../../infrastructure/audit/ship/shipReport.js';
import type { CliCommand } from '../cliContext.js';
import { EXIT } from '../exitCodes.js';
import { runCommand } from '../runCommand.js';

const USAGE = 'usage: shimctl doctor [--json]\n';

/** The config the agent's commands in `cwd` get; a broken project file blocks them all. */
function configChecks(paths: StatePaths, cwd: string): Check[] {
  const r = configReport(paths, cwd);
  const checks: Check[] = r.failure
    ? [
        {
          ok: false,
          title: `the config for ${cwd} loads (every agent command there is blocked: config.${r.state})`,
          detail: `${r.failure.file}: ${r.failure.field ? `${r.failure.field}: ` : ''}${r.failure.message.replace(/\s+/g, ' ')}; ${r.failure.recovery}`,
        },
      ]
    : [{ ok: true, title: `the config for ${cwd} loads (${r.files.length} file${r.files.length === 1 ? '' : 's'})` }];
  for (const f of r.files) {
    if (f.agentChange)
      checks.push({
        ok: 'warn',
        title: `project config ${f.file} may be agent-written`,
        detail: describeAgentChange(f.agentChange),
      });
  }
  return checks;
}

export const doctorCommand: CliCommand = {
  name: 'doctor',
  summary: 'Check that the launchers win on PATH, the shims reach the real shells, and report known gaps.',
  run: (args, ctx) =>
    runCommand(
      {
        name: 'doctor',
        usage: USAGE,
        options: { json: { type: 'boolean' } },
        run: (values) => {
          const paths = statePaths(ctx.env);
          const checks = [
            ...doctorChecks(paths, ctx.env),
            ...configChecks(paths, ctx.cwd),
            ...auditHealthChecks(paths.auditLog, auditSettings(ctx), Date.now()),
            ...shipChecks(shipReport(ctx.env, paths.auditLog)),
          ];
          if (values.json) ctx.stdout.write(`${JSON.stringify(checks, null, 2)}\n`);
          else {
            for (const c of checks) {
              const mark = c.ok === true ? 'ok  ' : c.ok === 'warn' ? 'note' : 'FAIL';
              ctx.stdout.write(`${mark}  ${c.title}\n${c.detail ? `      ${c.detail}\n` : ''}`);
            }
          }
          return checks.some((c) => c.ok === false) ? EXIT.FAILED : EXIT.OK;
        },
      },
      args,
      ctx,
    ),
};
