// Entry of dist/shim.cjs, the small bundle the shims load on every command. It holds only what
// the interception path and the resident review process need (no install, audit tail, policy
// tests…), so Node parses a fraction of the full CLI before the review starts.
import type { CliCommand, CliContext } from '../cli/cliContext.js';
import { errorMessage } from '../../application/shimctlError.js';

// process.stdin/stdout/stderr are getters that build a stream (tty, pipe or file) on first use,
// a few ms each. The context only builds one when something uses it.
const ctx = {
  env: process.env,
  cwd: process.cwd(),
  get stdin() {
    return process.stdin;
  },
  get stdout() {
    return process.stdout;
  },
  get stderr() {
    return process.stderr;
  },
} as CliContext;
const [name, ...rest] = process.argv.slice(2);
// Node opens its debugger on SIGUSR1; any command the agent runs could send it and evaluate code
// inside the reviewer (the resident one lives for minutes). A listener of our own keeps it closed.
process.on('SIGUSR1', () => undefined);

// Each command is loaded only when called: the per-command core never initialises the resident
// process's server, spawner and client compiler (child_process, net…), which a blocked command
// would otherwise pay for on every call.
async function load(): Promise<CliCommand | undefined> {
  if (name === '__shim') return (await import('../cli/commands/shim.js')).shimCommand;
  if (name === 'daemon') return (await import('../cli/commands/daemon.js')).daemonCommand;
  return undefined;
}

load()
  .then(async (command) => {
    if (!command || command.name !== name) {
      process.stderr.write(
        `shimctl: blocked (internal.error): the hot-path bundle only runs '__shim' and 'daemon', not '${name ?? ''}'\n`,
      );
      process.exitCode = 126;
      return;
    }
    process.exitCode = await command.run(rest, ctx);
  })
  .catch((err: unknown) => {
    // Never success: the shim entry turns this into a block, like the full CLI does.
    process.stderr.write(`shimctl: internal error: ${errorMessage(err)}\n`);
    process.exitCode = name === 'daemon' ? 70 : 126;
  });
