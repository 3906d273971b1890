import { createApp } from '../../../compositionRoot.js';
import { errorBody } from '../../api/apiError.js';
import { EXIT_BAD_REQUEST, handleDecide } from '../../api/handleDecide.js';
import { MAX_REQUEST_BYTES } from '../../api/parseDecideRequest.js';
import { readLimited } from '../../api/readLimited.js';
import type { CliCommand } from '../cliContext.js';
import { runCommand } from '../runCommand.js';

const USAGE = 'usage: shimctl decide --json < request.json\n';
const HELP = `${USAGE}
Reads one request object from stdin and writes one verdict object to stdout. Never executes.
  request:  {"api_version":1,"command":"<shell text>","cwd":"/abs/dir"}  (+ optional "agent";
            "argv":[...] instead of "command"); at most ${MAX_REQUEST_BYTES} bytes of UTF-8 JSON.
  response: {"api_version":1,"decision","risk","reasons":[{"code","message"}],"rule_ids":[...]}
  exit:     0 allow or ask, 1 block, 2 malformed request ({"api_version":1,"error":{...}}).
`;

export const decideCommand: CliCommand = {
  name: 'decide',
  summary: 'Judge one request from stdin (JSON) and print the verdict; never executes.',
  run: (args, ctx) =>
    runCommand(
      {
        name: 'decide',
        usage: USAGE,
        help: HELP,
        options: { json: { type: 'boolean' } },
        // A program reads stdout: it gets the usual error body, a person reads the usage on stderr.
        onUsageError: (message) =>
          ctx.stdout.write(
            errorBody({ code: 'request.invalid_value', message: `${message}; usage: shimctl decide --json` }),
          ),
        run: async () => {
          const input = await readLimited(ctx.stdin, MAX_REQUEST_BYTES);
          if (!input.ok) {
            ctx.stdout.write(
              errorBody({ code: input.tooLarge ? 'request.too_large' : 'request.read_failed', message: input.message }),
            );
            return EXIT_BAD_REQUEST;
          }
          // handleDecide never throws; createApp (which needs an absolute HOME) runs inside it.
          const reply = await handleDecide(input.text, () => createApp(ctx.env));
          ctx.stdout.write(reply.body);
          return reply.exitCode;
        },
      },
      args,
      ctx,
    ),
};
