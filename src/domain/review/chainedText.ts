import type { Verdict } from '../verdict.js';
import { verdict } from '../verdict.js';
import type { ArgView } from '../policy/argView.js';

/** Commands whose first positional word is a subcommand: shell text hidden there is an attack, not data. */
const HAS_SUBCOMMANDS = new Set([
  'git',
  'npm',
  'pnpm',
  'yarn',
  'bun',
  'cargo',
  'go',
  'docker',
  'podman',
  'kubectl',
  'helm',
  'pip',
  'pip3',
  'uv',
  'poetry',
  'apt',
  'apt-get',
  'brew',
  'systemctl',
  'gh',
  'gem',
  'bundle',
  'dotnet',
  'terraform',
  'aws',
  'gcloud',
  'az',
  'deno',
  'rustup',
  'nvm',
]);

const CONTROL_TEXT = /[;&|`\n<>]|\$\(/;

/** `git 'status;push'`, `git "status&&push"`: control text inside the subcommand word (or the options before it). */
export function chainedTextVerdict(view: ArgView): Verdict | undefined {
  if (!HAS_SUBCOMMANDS.has(view.command)) return undefined;
  const limit = view.args.indexOf(view.sub[0] ?? '\u0000');
  const upto = limit < 0 ? view.args.length : limit + 1;
  for (let i = 0; i < upto; i++) {
    const w = view.args[i]!;
    if (w.startsWith('-') && w.includes('=')) continue; // option values (`-c k=v`) are judged elsewhere
    if (CONTROL_TEXT.test(w)) {
      return verdict(
        'block',
        'high',
        'command.chained_text',
        `'${view.command}' subcommand word ${JSON.stringify(w)} hides shell control text`,
      );
    }
  }
  return undefined;
}
