import type { OptionModel, ToolModel } from '../modelTypes.js';
import { opt, plain } from '../spell.js';

/**
 * GitHub CLI 2.x, for the queries rule `net:gh` allows (`pr view|list|diff|checks|status`,
 * `issue view|list|status`, `run view|list`, `repo view`, `auth status`, `status`). The
 * subcommand words and their numbers, branches and names are operands without effect; the rule
 * decides which subcommands are queries. One table for all of them, except where gh gives a
 * letter two meanings: `-t` is `--show-token` under `auth status` (prints every token: `exposes`)
 * and `--template` elsewhere; `-w` is `--workflow` under `run list` and `--web` (starts a
 * browser: `exec`) elsewhere: `variants` pick the table by the first operands. An option not
 * listed asks (`command.unknown_option`).
 */
/** Where gh gives a letter two meanings, the subcommand decides (cobra flags are per command). */
type Variant = 'default' | 'run list' | 'auth status';

function ghOptions(variant: Variant): OptionModel[] {
  // Examples start with the subcommand the variant is read under.
  const cmd = variant === 'default' ? 'gh pr view 12' : `gh ${variant}`;
  return [
    // `[HOST/]OWNER/REPO`: a host part points gh, with the stored token, at another server.
    opt('-R, --repo=[HOST/]OWNER/REPO', `${cmd} -R owner/repo`, 'network', {
      dataIf: /^[^/]*\/[^/]*$/,
      why: 'HOST/OWNER/REPO sends the request to HOST',
    }),
    variant === 'run list'
      ? opt('--web', `${cmd} --web`, 'exec', { why: 'opens the page in a browser (BROWSER, GH_BROWSER)' })
      : opt('-w, --web', `${cmd} --web`, 'exec', { why: 'opens the page in a browser (BROWSER, GH_BROWSER)' }),
    opt('--hostname=HOST', `${cmd} --hostname github.com`, 'network', { why: 'the server asked' }),
    variant === 'auth status'
      ? opt('-t, --show-token', `${cmd} --show-token`, 'exposes', { why: 'the stored GitHub tokens' })
      : opt('--show-token', `${cmd} --show-token`, 'exposes', { why: 'the stored GitHub tokens' }),
    // A Go template over the JSON fields: formatting only (`{{.title}}`).
    opt(variant === 'auth status' ? '--template=STRING' : '-t, --template=STRING', `${cmd} --template={{.title}}`),
    opt(variant === 'run list' ? '-w, --workflow=NAME' : '--workflow=NAME', `${cmd} --workflow=build.yml`),
    ...plain(
      cmd,
      '',
      '-q, --jq=EXPRESSION',
      '--json=FIELDS',
      '-L, --limit=N',
      '-S, --search=QUERY',
      '-s, --state=STATE',
      '-a, --assignee=LOGIN',
      '-A, --author=LOGIN',
      '-B, --base=BRANCH',
      '-H, --head=BRANCH',
      '-l, --label=NAME',
      '-m, --milestone=NAME',
      '--mention=LOGIN',
      '--app=SLUG',
      '-d, --draft',
      '-c, --comments',
      '--conflict-status',
      '--color=WHEN',
      '--name-only',
      '--patch',
      '--fail-fast',
      '-i, --interval=SECONDS',
      '--required',
      '--watch',
      '-b, --branch=BRANCH',
      '--commit=SHA',
      '--created=DATE',
      '-e, --event=EVENT',
      '-u, --user=LOGIN',
      '--status=STATUS',
      '--active',
      '--attempt=N',
      '--exit-status',
      '-j, --job=ID',
      '--log',
      '--log-failed',
      '-v, --verbose',
      '--help',
    ),
  ];
}

function ghTable(variant: Variant): ToolModel {
  return {
    commands: ['gh'],
    // gh (cobra) takes no abbreviations: `--js` is an error, not `--json`.
    longPrefixes: false,
    options: ghOptions(variant),
    operands: { rest: 'none' },
  };
}

export const ghModel: ToolModel = {
  ...ghTable('default'),
  // `gh run list -w NAME` is `--workflow`, `gh auth status -t` is `--show-token`; elsewhere
  // `-w` is `--web` and `-t` is `--template` (pass 7: both asked everywhere before).
  variants: [
    { words: ['run', 'list'], model: ghTable('run list') },
    { words: ['run', 'ls'], model: ghTable('run list') },
    { words: ['auth', 'status'], model: ghTable('auth status') },
  ],
};

/**
 * The server a leading assignment points gh at, for the URL policy (assignmentEffects.ts):
 * `GH_HOST=HOST`, and `GH_REPO=HOST/OWNER/REPO`'s HOST (the same `[HOST/]OWNER/REPO` as `-R`).
 * Undefined for `GH_REPO=OWNER/REPO` (github.com) and for any other variable.
 */
export function ghTargetHost(name: string, value: string): string | undefined {
  if (name === 'GH_HOST') return value;
  if (name === 'GH_REPO') {
    const parts = value.split('/');
    return parts.length >= 3 ? parts[0] : undefined;
  }
  return undefined;
}
