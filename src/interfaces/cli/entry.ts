import type { CliContext } from './cliContext.js';
import { main } from './main.js';

const ctx: CliContext = { env: process.env, cwd: process.cwd(), stdin: process.stdin, stdout: process.stdout, stderr: process.stderr };

main(process.argv.slice(2), ctx).then(
  (code) => { process.exitCode = code; },
  (err: unknown) => {
    // An escaped error must never look like success; the shim entry fails closed with 126.
    const internal = process.argv[2] === '__shim';
    process.stderr.write(`shimctl: internal error: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exitCode = internal ? 126 : 70;
  },
);
