import type { Readable, Writable } from 'node:stream';

export interface CliContext {
  env: Record<string, string | undefined>;
  cwd: string;
  stdin: Readable & { isTTY?: boolean };
  stdout: Writable & { isTTY?: boolean };
  stderr: Writable & { isTTY?: boolean };
}

export interface CliCommand {
  name: string;
  summary: string;
  /** Resolves to the process exit code. */
  run(args: string[], ctx: CliContext): Promise<number>;
}
