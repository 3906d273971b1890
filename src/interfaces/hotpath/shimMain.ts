// Entry of dist/shim.cjs, the small bundle the shims load on every command. It holds only what
// the interception path and the resident review process need (no install, audit tail, policy
// tests…), so Node parses a fraction of the full CLI before the review starts.
import type { CliContext } from '../cli/cliContext.js';
import { shimCommand } from '../cli/commands/shim.js';
import { daemonCommand } from '../cli/commands/daemon.js';

const ctx: CliContext = { env: process.env, cwd: process.cwd(), stdin: process.stdin, stdout: process.stdout, stderr: process.stderr };
const [name, ...rest] = process.argv.slice(2);
const command = name === shimCommand.name ? shimCommand : name === daemonCommand.name ? daemonCommand : undefined;

if (!command) {
  process.stderr.write(`shimctl: blocked (internal.error): the hot-path bundle only runs '__shim' and 'daemon', not '${name ?? ''}'\n`);
  process.exitCode = 126;
} else {
  command.run(rest, ctx).then(
    (code) => { process.exitCode = code; },
    (err: unknown) => {
      // Never success: the shim entry turns this into a block, like the full CLI does.
      process.stderr.write(`shimctl: internal error: ${err instanceof Error ? err.message : String(err)}\n`);
      process.exitCode = name === shimCommand.name ? 126 : 70;
    },
  );
}
