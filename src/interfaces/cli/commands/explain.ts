import { resolve } from 'node:path';
import { explainDecision } from '../../../application/decide/explainDecision.js';
import { createApp } from '../../../compositionRoot.js';
import type { ReviewRequest } from '../../../domain/reviewRequest.js';
import { MODES, isMode } from '../../../domain/modes/mode.js';
import { explanationJson, explanationText } from '../../api/renderExplanation.js';
import type { CliCommand } from '../cliContext.js';
import { EXIT_USAGE } from '../cliContext.js';

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

type Parsed = { ok: true; req: ReviewRequest; json: boolean } | { ok: false; message: string; help?: boolean };

function parseArgs(args: string[], cwd: string, envMode: string | undefined): Parsed {
  let mode = envMode;
  let asArgv = false;
  let json = false;
  let dir = cwd;
  let agent: string | undefined;
  let i = 0;
  for (; i < args.length; i++) {
    const a = args[i]!;
    if (a === '--') { i++; break; }
    if (a === '--help' || a === '-h') return { ok: false, message: '', help: true };
    if (a === '--argv') asArgv = true;
    else if (a === '--json') json = true;
    else if (a === '--cwd' || a === '--agent' || a === '--mode') {
      const value = args[++i];
      if (value === undefined) return { ok: false, message: `${a} needs a value` };
      if (a === '--cwd') dir = resolve(cwd, value);
      else if (a === '--mode') mode = value;
      else agent = value;
    } else if (a.startsWith('--mode=')) mode = a.slice(7);
    else if (a.startsWith('--cwd=')) dir = resolve(cwd, a.slice(6));
    else if (a.startsWith('--agent=')) agent = a.slice(8);
    else if (a.startsWith('--')) return { ok: false, message: `unknown option '${a}' (use -- before a command that starts with --)` };
    else break;
  }
  const words = args.slice(i);
  if (words.length === 0) return { ok: false, message: 'no command given' };
  const req: ReviewRequest = asArgv ? { argv: words, cwd: dir } : { command: words.join(' '), cwd: dir };
  if (agent !== undefined) req.agent = agent;
  if (mode !== undefined && mode !== '') {
    if (!isMode(mode)) return { ok: false, message: `'${mode}' is not a mode (${MODES.join(', ')})` };
    req.mode = mode;
  }
  return { ok: true, req, json };
}

export const explainCommand: CliCommand = {
  name: 'explain',
  summary: 'Explain the verdict for a command, stage by stage.',
  async run(args, ctx) {
    const parsed = parseArgs(args, ctx.cwd, ctx.env.SHIMCTL_MODE);
    if (!parsed.ok) {
      if (parsed.help) { ctx.stdout.write(HELP); return 0; }
      ctx.stderr.write(`shimctl explain: ${parsed.message}\n${HELP}`);
      return EXIT_USAGE;
    }
    const explanation = await explainDecision(parsed.req, createApp(ctx.env));
    ctx.stdout.write(parsed.json ? explanationJson(explanation) : explanationText(explanation));
    return 0;
  },
};
