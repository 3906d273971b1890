import type { CliContext } from './cliContext.js';
import { main } from './main.js';
import { errorMessage } from '../../application/shimctlError.js';
import { EXIT } from './exitCodes.js';

const ctx: CliContext = {
  env: process.env,
  cwd: process.cwd(),
  stdin: process.stdin,
  stdout: process.stdout,
  stderr: process.stderr,
};

main(process.argv.slice(2), ctx).then(
  (code) => {
    process.exitCode = code;
  },
  (err: unknown) => {
    // An escaped error must never look like success; the shim entry fails closed with 126.
    const internal = process.argv[2] === '__shim';
    process.stderr.write(`shimctl: internal error: ${errorMessage(err)}\n`);
    process.exitCode = internal ? EXIT.BLOCKED : EXIT.INTERNAL;
  },
);
