// The hidden entry point the bash/sh shims and the BASH_ENV guard exec. Fails closed: any
// problem here is exit 126 with one line on stderr, never a run.
import { isAbsolute } from 'node:path';
import { endUseCase } from '../../../application/intercept/endUseCase.js';
import { interceptUseCase } from '../../../application/intercept/interceptUseCase.js';
import { createApp, systemClock } from '../../../compositionRoot.js';
import { installAnchorMismatch } from '../../hotpath/installAnchor.js';
import type { CliCommand } from '../cliContext.js';
import { EXIT } from '../exitCodes.js';
import { errorMessage } from '../../../application/shimctlError.js';

const USAGE =
  'usage: shimctl __shim [--check] <bash|sh> <absolute path of the real shell> [shell arguments…]\n' +
  "       shimctl __shim --end <session> <handle> <status>   (the BASH_ENV guard's EXIT trap: appends an end record, runs nothing)\n";

export const shimCommand: CliCommand = {
  name: '__shim',
  summary: 'Internal: entry point of the bash/sh shims and the BASH_ENV guard.',
  async run(args, ctx) {
    if (args[0] === '--end') return endMode(args.slice(1), ctx);
    const check = args[0] === '--check';
    const [shell, realShell, ...rest] = check ? args.slice(1) : args;
    if ((shell !== 'bash' && shell !== 'sh') || !realShell || !isAbsolute(realShell)) {
      ctx.stderr.write(`shimctl: blocked (invocation.unsupported): bad shim call\n${USAGE}`);
      return EXIT.BLOCKED;
    }
    // Config, audit and approvals must be the install's own, not wherever HOME now points.
    const foreign = installAnchorMismatch(ctx.env, process.argv[1]);
    if (foreign) {
      ctx.stderr.write(`shimctl: blocked (config.unreadable): ${foreign}\n`);
      return EXIT.BLOCKED;
    }
    let app;
    try {
      app = createApp(ctx.env);
    } catch (err) {
      ctx.stderr.write(`shimctl: blocked (internal.error): ${errorMessage(err)}\n`);
      return EXIT.BLOCKED;
    }
    return interceptUseCase(
      { shell, realShell, args: rest, cwd: ctx.cwd, env: ctx.env, mode: check ? 'check' : 'run' },
      { ...app, ...systemClock, writeStderr: (text) => ctx.stderr.write(text) },
    );
  },
};

/** The guard's EXIT trap reports how a command it let run on a hook's pass ended (Codex). */
async function endMode(args: string[], ctx: Parameters<CliCommand['run']>[1]): Promise<number> {
  const [session, handle, status] = args;
  if (args.length !== 3 || !session || !handle || status === undefined) {
    ctx.stderr.write(`shimctl: bad end report\n${USAGE}`);
    return EXIT.BLOCKED;
  }
  // The end goes to the install's own audit, never to one a command pointed HOME at.
  const foreign = installAnchorMismatch(ctx.env, process.argv[1]);
  if (foreign) {
    ctx.stderr.write(`shimctl: warning: no end record: ${foreign}\n`);
    return EXIT.BLOCKED;
  }
  try {
    const app = createApp(ctx.env);
    return await endUseCase(
      { session, handle, status, pid: process.pid, ppid: process.ppid, cwd: ctx.cwd, env: ctx.env },
      { ...app, ...systemClock, writeStderr: (text) => ctx.stderr.write(text) },
    );
  } catch (err) {
    ctx.stderr.write(`shimctl: warning: no end record: ${errorMessage(err)}\n`);
    return EXIT.BLOCKED;
  }
}
