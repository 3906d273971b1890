import { statePaths } from '../../../infrastructure/paths/statePaths.js';
import { doctorChecks } from '../../../infrastructure/install/doctorChecks.js';
import { auditHealthChecks } from '../../../infrastructure/audit/auditHealth.js';
import { auditSettings } from '../audit/auditSettings.js';
import type { CliCommand } from '../cliContext.js';

export const doctorCommand: CliCommand = {
  name: 'doctor',
  summary: 'Check that the launchers win on PATH, the shims reach the real shells, and report known gaps.',
  async run(args, ctx) {
    try {
      const paths = statePaths(ctx.env);
      const checks = [...doctorChecks(paths, ctx.env), ...auditHealthChecks(paths.auditLog, auditSettings(ctx), Date.now())];
      if (args.includes('--json')) ctx.stdout.write(`${JSON.stringify(checks, null, 2)}\n`);
      else {
        for (const c of checks) {
          const mark = c.ok === true ? 'ok  ' : c.ok === 'warn' ? 'note' : 'FAIL';
          ctx.stdout.write(`${mark}  ${c.title}\n${c.detail ? `      ${c.detail}\n` : ''}`);
        }
      }
      return checks.some((c) => c.ok === false) ? 1 : 0;
    } catch (err) {
      ctx.stderr.write(`shimctl doctor: ${err instanceof Error ? err.message : String(err)}\n`);
      return 1;
    }
  },
};
