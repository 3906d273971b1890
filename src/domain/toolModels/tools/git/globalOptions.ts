import type { OptionModel } from '../../modelTypes.js';
import { opt } from '../../spell.js';

/**
 * git's own options, before the subcommand (git.c `handle_options`, git 2.39+): compared
 * exactly (no prefixes, no clusters), `-C`/`-c` take the next word, the long ones `=VALUE` or
 * the next word. The review judges the dangerous ones elsewhere (`reviewedBy`); the model
 * records what each does so every other module reads the spellings from here.
 */
export const GIT_GLOBAL_OPTIONS: readonly OptionModel[] = [
  opt('-C PATH', 'git -C sub status', 'chdir', {
    reviewedBy: 'review/gitForeignRepo.ts',
    why: "runs git as if started in PATH: the repository there, its config and hooks, and the operands' base",
  }),
  opt('-c NAME=VALUE', 'git -c color.ui=never status', 'loads', {
    reviewedBy: 'tools/git/escapeHatches.ts',
    why: 'sets a config key for this run; command-valued keys (core.pager, alias.*) run programs',
  }),
  opt('--config-env=NAME=ENVVAR', 'git --config-env=user.name=NAME status', 'env', {
    reviewedBy: 'tools/git/escapeHatches.ts',
    why: 'sets a config key from an environment variable the review cannot see',
  }),
  opt('--exec-path[=PATH]', 'git --exec-path=/opt/git status', 'exec', {
    reviewedBy: 'tools/git/escapeHatches.ts',
    why: 'git runs its git-* programs from PATH',
  }),
  opt('--git-dir=PATH', 'git --git-dir=.git status', 'loads', {
    reviewedBy: 'review/gitForeignRepo.ts',
    why: 'uses the repository at PATH: its config (core.fsmonitor, hooks, aliases) runs programs',
  }),
  opt('--work-tree=PATH', 'git --work-tree=. status', 'loads', {
    reviewedBy: 'review/gitForeignRepo.ts',
    why: 'uses PATH as the working tree: the files git writes and checks out land there',
  }),
  opt('--namespace=NAME', 'git --namespace=x status', 'none', {
    reviewedBy: 'review/gitForeignRepo.ts',
    why: 'moves every ref git reads and writes under refs/namespaces/NAME',
  }),
  opt('--super-prefix=PATH', 'git --super-prefix=sub/ status', 'none', {
    reviewedBy: 'review/gitForeignRepo.ts',
    why: 'internal (submodules): a prefix shown before paths',
  }),
  opt('--bare', 'git --bare log', 'loads', {
    why: 'treats the current directory as the git directory: a `config` file there (core.fsmonitor, core.pager) runs programs',
  }),
  opt('--list-cmds=GROUPS', 'git --list-cmds=main'),
  opt('-p, --paginate', 'git -p log', 'none', {
    why: 'pipes output through the pager; a pager set through -c or GIT_PAGER is judged there',
  }),
  opt('-P, --no-pager', 'git --no-pager log'),
  opt('--no-replace-objects', 'git --no-replace-objects log'),
  opt('--literal-pathspecs', 'git --literal-pathspecs status'),
  opt('--glob-pathspecs', 'git --glob-pathspecs status'),
  opt('--noglob-pathspecs', 'git --noglob-pathspecs status'),
  opt('--icase-pathspecs', 'git --icase-pathspecs status'),
  opt('--no-optional-locks', 'git --no-optional-locks status'),
  opt('--html-path', 'git --html-path'),
  opt('--man-path', 'git --man-path'),
  opt('--info-path', 'git --info-path'),
  opt('-v, --version', 'git --version'),
  opt('-h, --help', 'git --help'),
];

const BY_NAME: ReadonlyMap<string, OptionModel> = new Map(
  GIT_GLOBAL_OPTIONS.flatMap((o) => o.names.map((n) => [n, o] as const)),
);

/** Global options that take the next word as their value when written without `=`. */
export const GIT_GLOBAL_VALUE_OPTIONS: ReadonlySet<string> = new Set(
  GIT_GLOBAL_OPTIONS.filter((o) => o.arity === 'required').flatMap((o) => o.names),
);

/** One global option as written: its canonical (first long, else short) name and its value. */
export interface GitGlobalUse {
  name: string;
  value: string | undefined;
}

/**
 * The global options before the subcommand, and the index of the subcommand word (args.length
 * when there is none). Read strictly: `-cKEY=V` counts as `-c KEY=V`; `--exec-path WORD`
 * counts WORD as its value unless it starts with `-` (git prints its exec path and exits
 * there; reading it as a value never lets a word pass as the subcommand unseen). An unknown
 * word starting with `-` is kept with its name (git refuses it; the model asks).
 */
export function gitGlobals(args: readonly string[]): { uses: GitGlobalUse[]; sub: number } {
  const uses: GitGlobalUse[] = [];
  let i = 0;
  for (; i < args.length; i++) {
    const a = args[i]!;
    if (a === '--') return { uses, sub: i + 1 };
    if (!a.startsWith('-') || a === '-') break;
    const eq = a.startsWith('--') ? a.indexOf('=') : -1;
    const written = eq < 0 ? a : a.slice(0, eq);
    let option = BY_NAME.get(written);
    let value: string | undefined = eq < 0 ? undefined : a.slice(eq + 1);
    if (!option && /^-c./.test(a)) {
      option = BY_NAME.get('-c');
      value = a.slice(2);
    }
    const name = option ? canonical(option) : written;
    if (option && value === undefined) {
      if (option.arity === 'required') value = args[++i];
      else if (name === '--exec-path' && args[i + 1] !== undefined && !args[i + 1]!.startsWith('-')) value = args[++i];
    }
    uses.push({ name, value });
  }
  return { uses, sub: i };
}

function canonical(o: OptionModel): string {
  return o.names.find((n) => n.startsWith('--')) ?? o.names[0]!;
}
