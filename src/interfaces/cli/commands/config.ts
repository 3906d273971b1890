import { dirname, resolve } from 'node:path';
import { describeAgentChange } from '../../../application/config/agentChange.js';
import { configReport, agentChangeFor } from '../../../infrastructure/config/projectConfigReport.js';
import { listQuarantine, quarantineConfig, restoreQuarantined } from '../../../infrastructure/config/quarantine.js';
import type { QuarantineEntry } from '../../../infrastructure/config/quarantine.js';
import { statePaths } from '../../../infrastructure/paths/statePaths.js';
import type { StatePaths } from '../../../infrastructure/paths/statePaths.js';
import type { CliCommand, CliContext } from '../cliContext.js';
import { EXIT } from '../exitCodes.js';
import { UsageError, runCommand, runSubcommand } from '../runCommand.js';

const USAGE = `usage:
  shimctl config quarantine PATH     move a broken or unwanted project config aside (never deleted)
  shimctl config quarantine --list   list what is in quarantine
  shimctl config restore ID          put a quarantined file back where it was

Run these from your own terminal: through an agent they are refused (moving a project's config
aside drops its stricter rules). PATH must be a shimctl project config (.shimctlrc,
.shimctlrc.json|yaml|yml, shimctl.config.json|yaml|yml, or a refused code config); a symlink is
moved as the link itself. Files go to an owner-only directory under shimctl's state dir.
`;

function describeEntry(e: QuarantineEntry): string {
  const what =
    e.kind === 'symlink'
      ? `a symlink to ${e.linkTarget ?? '?'}`
      : e.kind === 'file'
        ? `a file, ${e.size} bytes`
        : `a ${e.kind}`;
  return `${e.id}  ${e.quarantinedAt}  ${e.originalPath}  (${what})`;
}

/** After a move: does the directory work again, or what blocks it next? */
function stateAfter(paths: StatePaths, dir: string): string {
  const r = configReport(paths, dir);
  if (r.state === 'ok') return `config for ${dir}: ok now; agent commands there are reviewed again`;
  return `config for ${dir}: still blocked by ${r.failure!.file}: ${r.failure!.message}\n  ${r.failure!.recovery}`;
}

function quarantine(values: { list?: boolean }, positionals: string[], ctx: CliContext, paths: StatePaths): number {
  if (values.list) {
    if (positionals.length > 0) throw new UsageError('--list takes no PATH');
    const entries = listQuarantine(paths.stateDir);
    ctx.stdout.write(entries.length === 0 ? 'nothing in quarantine\n' : `${entries.map(describeEntry).join('\n')}\n`);
    return EXIT.OK;
  }
  if (positionals.length !== 1)
    throw new UsageError(positionals.length === 0 ? 'quarantine needs a PATH' : 'quarantine takes one PATH');
  const path = resolve(ctx.cwd, positionals[0]!);
  const change = agentChangeFor(paths, path);
  const note = change ? describeAgentChange(change) : undefined;
  const result = quarantineConfig(paths.stateDir, path, new Date(), note);
  if (!result.ok) {
    ctx.stderr.write(`shimctl config quarantine: ${result.message}\n`);
    return result.reason === 'not-a-config-name' ? EXIT.USAGE : EXIT.FAILED;
  }
  const e = result.entry;
  ctx.stdout.write(
    [
      `moved ${e.originalPath} aside (${e.kind === 'symlink' ? `the symlink itself, to ${e.linkTarget}` : e.kind}, last changed ${e.changedAt}${e.via === 'copy' ? ', copied across file systems' : ''})`,
      `  kept at: ${result.stored}`,
      `  id:      ${e.id}  (put it back with: shimctl config restore ${e.id})`,
      ...(note ? [`  note:    ${note}`] : []),
      stateAfter(paths, dirname(path)),
    ].join('\n') + '\n',
  );
  return EXIT.OK;
}

function restore(positionals: string[], ctx: CliContext, paths: StatePaths): number {
  if (positionals.length !== 1) throw new UsageError('restore needs one ID (see shimctl config quarantine --list)');
  const result = restoreQuarantined(paths.stateDir, positionals[0]!);
  if (!result.ok) {
    ctx.stderr.write(`shimctl config restore: ${result.message}\n`);
    return result.reason === 'unknown-id' ? EXIT.USAGE : EXIT.FAILED;
  }
  ctx.stdout.write(
    `restored ${result.entry.originalPath}\n${stateAfter(statePaths(ctx.env), dirname(result.entry.originalPath))}\n`,
  );
  return EXIT.OK;
}

export const configCommand: CliCommand = {
  name: 'config',
  summary: 'config quarantine PATH | config restore ID: move a broken project config aside, or back.',
  run: (args, ctx) =>
    runSubcommand(
      'config',
      USAGE,
      {
        quarantine: (rest, c) =>
          runCommand(
            {
              name: 'config',
              usage: USAGE,
              options: { list: { type: 'boolean' } },
              positionals: 'any',
              run: (values, positionals) => quarantine(values, positionals, c, statePaths(c.env)),
            },
            rest,
            c,
          ),
        restore: (rest, c) =>
          runCommand(
            {
              name: 'config',
              usage: USAGE,
              options: {},
              positionals: 'any',
              run: (_values, positionals) => restore(positionals, c, statePaths(c.env)),
            },
            rest,
            c,
          ),
      },
      args,
      ctx,
    ),
};
