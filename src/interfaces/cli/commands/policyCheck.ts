import { createApp } from '../../../compositionRoot.js';
import { checkRegoSetup } from '../../../infrastructure/rego/checkRegoSetup.js';
import type { CliContext } from '../cliContext.js';
import { EXIT } from '../exitCodes.js';
import { runCommand } from '../runCommand.js';
import { errorMessage } from '../../../application/shimctlError.js';

const USAGE =
  'usage: shimctl policy check\n  Checks the configured policy engine end to end and says what is wrong in one line (exit 0 ok, 1 not).\n';

/** `shimctl policy check`: loads the config as interception would, then exercises the engine. */
export function runPolicyCheck(args: string[], ctx: CliContext): Promise<number> {
  return runCommand({ name: 'policy check', usage: USAGE, options: {}, run: () => check(ctx) }, args, ctx);
}

async function check(ctx: CliContext): Promise<number> {
  let loaded;
  try {
    loaded = createApp(ctx.env).configSource.load(ctx.cwd);
  } catch (err) {
    ctx.stdout.write(`FAIL config: ${errorMessage(err)}\n`);
    return EXIT.FAILED;
  }
  if (loaded.kind === 'invalid') {
    ctx.stdout.write(`FAIL config: ${loaded.file}: ${loaded.field}: ${loaded.message}\n`);
    return EXIT.FAILED;
  }
  if (loaded.kind === 'unreadable') {
    ctx.stdout.write(`FAIL config: ${loaded.file}: ${loaded.message}\n`);
    return EXIT.FAILED;
  }
  const result = await checkRegoSetup(loaded.config, ctx.env);
  ctx.stdout.write(`${result.ok ? 'ok' : 'FAIL'} ${result.line}\n`);
  return result.ok ? EXIT.OK : EXIT.FAILED;
}
