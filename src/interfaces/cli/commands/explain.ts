import { resolve } from 'node:path';
import { explainDecision } from '../../../application/decide/explainDecision.js';
import { createApp } from '../../../compositionRoot.js';
import type { ReviewRequest } from '../../../domain/reviewRequest.js';
import { MODES, isMode } from '../../../domain/modes/mode.js';
import { explanationJson, explanationText } from '../../api/renderExplanation.js';
import type { CliCommand } from '../cliContext.js';
import { EXIT } from '../exitCodes.js';
import { UsageError, runCommand } from '../runCommand.js';

const HELP = `usage: shimctl explain [--argv] [--cwd DIR] [--agent NAME] [--mode NAME] [--json] [--] <command...>

Shows the verdict shimctl would give, each review stage, each rule that fired and why, and
the config files used (with any loosening a project tried). Never executes anything.
  words are joined with spaces and judged as shell text (quote the command to keep its syntax:
  shimctl explain 'ls | wc');  --argv judges the words as an argv array instead.
  --cwd DIR     working directory to judge in (default: the current one)
  --agent NAME  the agent the request comes from (claude, codex, ...)
  --mode NAME   judge as a launch in this mode (plan, default, acceptEdits, yolo; default: SHIMCTL_MODE)
  --json        machine-readable output
`;

const OPTIONS = {
  argv: { type: 'boolean' },
  json: { type: 'boolean' },
  cwd: { type: 'string' },
  agent: { type: 'string' },
  mode: { type: 'string' },
} as const;

function request(
  values: { argv?: boolean; cwd?: string; agent?: string; mode?: string },
  words: string[],
  cwd: string,
  envMode: string | undefined,
): ReviewRequest {
  if (words.length === 0) throw new UsageError('no command given');
  const dir = values.cwd !== undefined ? resolve(cwd, values.cwd) : cwd;
  const req: ReviewRequest = values.argv ? { argv: words, cwd: dir } : { command: words.join(' '), cwd: dir };
  if (values.agent !== undefined) req.agent = values.agent;
  const mode = values.mode ?? envMode;
  if (mode !== undefined && mode !== '') {
    if (!isMode(mode)) throw new UsageError(`'${mode}' is not a mode (${MODES.join(', ')})`);
    req.mode = mode;
  }
  return req;
}

export const explainCommand: CliCommand = {
  name: 'explain',
  summary: 'Explain the verdict for a command, stage by stage.',
  run: (args, ctx) =>
    runCommand(
      {
        name: 'explain',
        usage: HELP,
        options: OPTIONS,
        positionals: 'command',
        run: async (values, words) => {
          const explanation = await explainDecision(
            request(values, words, ctx.cwd, ctx.env.SHIMCTL_MODE),
            createApp(ctx.env),
          );
          ctx.stdout.write(values.json ? explanationJson(explanation) : explanationText(explanation));
          return EXIT.OK;
        },
      },
      args,
      ctx,
    ),
};
