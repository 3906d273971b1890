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
  // gh (cobra) takes no abbreviations: `--js` is an error, not `--json`.
  longPrefixes: false,
  options: [
    // `[HOST/]OWNER/REPO`: a host part points gh, with the stored token, at another server.
    opt('-R, --repo=[HOST/]OWNER/REPO', 'gh pr list -R owner/repo', 'network', {
      dataIf: /^[^/]*\/[^/]*$/,
      why: 'HOST/OWNER/REPO sends the request to HOST',
    }),
    opt('-w, --web', 'gh pr view 12 --web', 'exec', { why: 'opens the page in a browser (BROWSER, GH_BROWSER)' }),
    opt('--hostname=HOST', 'gh auth status --hostname github.com', 'network', { why: 'the server asked' }),
    opt('-t, --show-token', 'gh auth status --show-token', 'exposes', { why: 'the stored GitHub tokens' }),
    ...plain(
      'gh',
      'pr list',
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
      '--help',
    ),
  ],
  operands: { rest: 'none' },
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
