import type { ToolModel } from '../modelTypes.js';
import { opt, plain } from '../spell.js';

/**
 * GitHub CLI 2.x, for the queries rule `net:gh` allows (`pr view|list|diff|checks|status`,
 * `issue view|list|status`, `run view|list`, `repo view`, `auth status`, `status`). The
 * subcommand words and their numbers, branches and names are operands without effect; the rule
 * decides which subcommands are queries. One table for all of them, erring strict where gh gives
 * a letter two meanings: `-t` is `auth status --show-token` (prints every token: `exposes`) as
 * well as `--template`, and `-w` is `--web` (starts a browser: `exec`) as well as
 * `run list --workflow`. An option not listed asks (`command.unknown_option`).
 */
export const ghModel: ToolModel = {
  commands: ['gh'],
  options: [
    opt('-w, --web', 'gh pr view 12 --web', 'exec', { why: 'opens the page in a browser (BROWSER, GH_BROWSER)' }),
    opt('-t, --show-token', 'gh auth status --show-token', 'exposes', { why: 'prints the stored tokens' }),
    ...plain(
      'gh',
      'pr list',
      '-R, --repo=OWNER/REPO',
      '-q, --jq=EXPRESSION',
      '--json=FIELDS',
      '--template=STRING',
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
      '--workflow=NAME',
      '--status=STATUS',
      '--active',
      '--attempt=N',
      '--exit-status',
      '-j, --job=ID',
      '--log',
      '--log-failed',
      '-v, --verbose',
      '--hostname=HOST',
      '--help',
    ),
  ],
  operands: { rest: 'none' },
};
