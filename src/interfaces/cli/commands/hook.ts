// The hidden entry point of the PreToolUse hook scripts (shims/hooks/pretooluse.sh): reads the
// agent's JSON on stdin, answers in that agent's protocol. Exit 0 means "stdout is the answer",
// exit 2 means "blocked, the reason is on stderr"; the sh wrapper turns anything else into a block.
import type { Readable } from 'node:stream';
import { hookProtocol, HOOK_AGENTS } from '../../../application/hook/hookProtocols.js';
import { hookUseCase } from '../../../application/hook/hookUseCase.js';
import { createApp, systemClock } from '../../../compositionRoot.js';
import type { CliCommand } from '../cliContext.js';
import { EXIT } from '../exitCodes.js';
import { errorMessage } from '../../../application/shimctlError.js';

/** More than this on stdin is not a hook payload; reading stops there (fail closed as malformed). */
const MAX_INPUT_BYTES = 4 * 1024 * 1024;

async function readAll(stream: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    const buf = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
    size += buf.length;
    if (size > MAX_INPUT_BYTES) return '';
    chunks.push(buf);
  }
  return Buffer.concat(chunks).toString('utf8');
}

export const hookCommand: CliCommand = {
  name: '__hook',
  summary: 'Internal: entry point of the PreToolUse hooks of Codex, Cline and Crush.',
  async run(args, ctx) {
    const protocol = hookProtocol(args[0] ?? '');
    if (!protocol || args.length !== 1) {
      ctx.stderr.write(`shimctl: blocked (invocation.unsupported): usage: shimctl __hook <${HOOK_AGENTS.join('|')}>\n`);
      return EXIT.USAGE;
    }
    // A hook can wait minutes for an approval: keep Node's debugger closed to SIGUSR1 meanwhile
    // (a listener of our own replaces the one that would open it; see shims/shim-entry.cjs).
    process.on('SIGUSR1', () => undefined);
    let answer;
    try {
      const app = createApp(ctx.env);
      const stdin = await readAll(ctx.stdin);
      answer = await hookUseCase(
        { protocol, stdin, cwd: ctx.cwd, env: ctx.env },
        { ...app, ...systemClock, writeStderr: () => undefined },
      );
    } catch (err) {
      answer = protocol.block(`shimctl: blocked (internal.error): ${errorMessage(err)}`);
    }
    if (answer.stdout) ctx.stdout.write(answer.stdout);
    if (answer.stderr) ctx.stderr.write(answer.stderr);
    return answer.exitCode;
  },
};
