import { createApp } from '../../../compositionRoot.js';
import { checkRegoSetup } from '../../../infrastructure/rego/checkRegoSetup.js';
import type { CliContext } from '../cliContext.js';
import { EXIT_USAGE } from '../cliContext.js';

const USAGE = 'usage: shimctl policy check\n  Checks the configured policy engine end to end and says what is wrong in one line (exit 0 ok, 1 not).\n';

/** `shimctl policy check`: loads the config as interception would, then exercises the engine. */
export async function runPolicyCheck(args: string[], ctx: CliContext): Promise<number> {
  if (args.includes('--help') || args.includes('-h')) {
    ctx.stdout.write(USAGE);
    return 0;
  }
  if (args.length > 0) {
    ctx.stderr.write(`shimctl policy check: unexpected argument '${args[0]}'\n${USAGE}`);
    return EXIT_USAGE;
  }
  let loaded;
  try {
    loaded = createApp(ctx.env).configSource.load(ctx.cwd);
  } catch (err) {
    ctx.stdout.write(`FAIL config: ${err instanceof Error ? err.message : String(err)}\n`);
    return 1;
  }
  if (loaded.kind === 'invalid') {
    ctx.stdout.write(`FAIL config: ${loaded.file}: ${loaded.field}: ${loaded.message}\n`);
    return 1;
  }
  if (loaded.kind === 'unreadable') {
    ctx.stdout.write(`FAIL config: ${loaded.file}: ${loaded.message}\n`);
    return 1;
  }
  const result = await checkRegoSetup(loaded.config, ctx.env);
  ctx.stdout.write(`${result.ok ? 'ok' : 'FAIL'} ${result.line}\n`);
  return result.ok ? 0 : 1;
}
