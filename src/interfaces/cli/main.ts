import { COMMANDS } from './commandTable.js';
import type { CliContext } from './cliContext.js';
import { EXIT } from './exitCodes.js';

function help(): string {
  const lines = COMMANDS.filter((c) => !c.name.startsWith('__')).map((c) => `  ${c.name.padEnd(11)} ${c.summary}`);
  return `usage: shimctl <command> [options]\n\ncommands:\n${lines.join('\n')}\n\nshimctl <command> --help for a command's options.\n`;
}

export async function main(argv: string[], ctx: CliContext): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    (name ? ctx.stdout : ctx.stderr).write(help());
    return name ? EXIT.OK : EXIT.USAGE;
  }
  if (name === '--version' || name === '-v') {
    ctx.stdout.write(`${process.env.SHIMCTL_VERSION ?? '0.1.0'}\n`);
    return EXIT.OK;
  }
  const command = COMMANDS.find((c) => c.name === name);
  if (!command) {
    ctx.stderr.write(`shimctl: unknown command '${name}'\n${help()}`);
    return EXIT.USAGE;
  }
  return command.run(rest, ctx);
}
