import { SINGLE_QUOTED_WORD_SOURCE, decodeSingleQuotedWord } from '../singleQuotedWord.js';
import { CLAUDE_SNAPSHOT_SCRIPT_TEMPLATE, CLAUDE_SNAPSHOT_SCRIPT_WITH_RC_TEMPLATE } from './agentScripts.js';
import type { Shape, ShapeMatch } from './shape.js';
import { ABS_PATH, compileTemplate, isCleanAbsPath } from './template.js';

// Claude Code 2.1.197 builds these texts in its shell provider (see docs/shell.md): the snapshot
// script at start, then per command `source <snapshot> … && eval '<cmd>' …`, or, when no snapshot
// exists (it failed or was refused), the same envelope without `source`, run with `-c -l`.

const SNAPSHOT_DIR = '/.claude/shell-snapshots/';
/** `<home>/.claude/shell-snapshots/snapshot-bash-<ms epoch>-<base36>.sh`, absolute, no `..`. */
const SNAPSHOT = { source: `${ABS_PATH}/\\.claude/shell-snapshots/snapshot-bash-[0-9]{10,16}-[a-z0-9]{4,12}\\.sh` };
/**
 * Claude quotes the model's command for `eval` like this: a word made only of
 * `[A-Za-z0-9_./:=@+,-]` stays bare (`eval ls`), anything else is single-quoted with `'"'"'` for
 * a quote. None of the bare characters is shell syntax, so a bare word is its own value.
 */
const BARE_WORD = '[A-Za-z0-9_./:=@+,-]+';
const CMD = { source: `${SINGLE_QUOTED_WORD_SOURCE}|${BARE_WORD}` };
const BARE = new RegExp(`^${BARE_WORD}$`);
const decodeEvalWord = (word: string): string | undefined =>
  decodeSingleQuotedWord(word) ?? (BARE.test(word) ? word : undefined);
/** The file Claude Code's envelope writes its cwd into: `<tmp>/claude-XXXX-cwd` (the compound review reads it too). */
export const CLAUDE_CWD_FILE_NAME = 'claude-[0-9a-f]{4}-cwd';

/**
 * Claude Code 2.1.332 (its `UTn`, behind a feature flag) puts this first in its envelope when the
 * command has constructs an old bash mis-parses (`$(` with a here-document inside, backquotes,
 * arrays): on bash 2-3 (or 2-4) it prints a marker and exits 126, on a newer bash it does nothing.
 */
export const CLAUDE_VERSION_GUARDS: readonly string[] = ["'2'|'3'", "'2'|'3'|'4'"].map(
  (v) =>
    `{ case "\${BASH_VERSINFO-}" in ${v}) \\builtin printf '%s\\n' '__CLAUDE_CODE_DID_NOT_RUN_BASH_TOO_OLD='"\${BASH_VERSION-}" >&2; \\builtin exit 126; \\exit 126;; esac; }`,
);
const CWD_FILE = { source: `${ABS_PATH}/${CLAUDE_CWD_FILE_NAME}` };
const TAIL = 'shopt -u extglob 2>/dev/null || true && eval {{cmd}} < /dev/null && pwd -P >| {{cwdFile}}';

const ENVELOPE = compileTemplate(`source {{snapshot}} 2>/dev/null || true && ${TAIL}`, {
  snapshot: SNAPSHOT,
  cmd: CMD,
  cwdFile: CWD_FILE,
});
const NO_SNAPSHOT_ENVELOPE = compileTemplate(TAIL, { cmd: CMD, cwdFile: CWD_FILE });

const SNAPSHOT_HOLES = {
  snapshot: SNAPSHOT,
  // Written into a quoted here-document, then sourced by every later envelope: PATH characters only.
  pathValue: { source: '[A-Za-z0-9._@+/:-]*' },
  delim: { source: '[a-z0-9]{6,16}', same: true },
  home: { source: `\\$HOME|${ABS_PATH}` },
};
const SNAPSHOT_SCRIPT = compileTemplate(CLAUDE_SNAPSHOT_SCRIPT_TEMPLATE, SNAPSHOT_HOLES);
// Claude picks `.bashrc` for a shell path containing "bash" (the shim's path always does).
const SNAPSHOT_SCRIPT_WITH_RC = compileTemplate(CLAUDE_SNAPSHOT_SCRIPT_WITH_RC_TEMPLATE, {
  ...SNAPSHOT_HOLES,
  rcFile: { source: `${ABS_PATH}/\\.bashrc` },
});

/** The home directory a snapshot path lives under (`<home>/.claude/shell-snapshots/…`). */
const snapshotHome = (snapshot: string): string => snapshot.slice(0, snapshot.lastIndexOf(SNAPSHOT_DIR));

function commandEnvelope(re: RegExp, text: string): ShapeMatch | undefined {
  const g = re.exec(text)?.groups;
  if (!g || !isCleanAbsPath(g.cwdFile!)) return undefined;
  if (g.snapshot !== undefined && !isCleanAbsPath(g.snapshot)) return undefined;
  const inner = decodeEvalWord(g.cmd!);
  if (inner === undefined) return undefined;
  return { inner, sourced: g.snapshot === undefined ? [] : [g.snapshot], writes: [g.cwdFile!] };
}

export const claudeShapes: Shape[] = [
  {
    agent: 'claude',
    name: 'claude',
    kind: 'envelope',
    prefix: 'source /',
    match: (text) => commandEnvelope(ENVELOPE, text),
  },
  {
    // No snapshot: Claude runs this with `-c -l`, so bash's own login files run first, as they
    // would for the user's login shell. Nothing else is sourced.
    agent: 'claude',
    name: 'claude-no-snapshot',
    kind: 'envelope',
    prefix: 'shopt -u extglob ',
    match: (text) => commandEnvelope(NO_SNAPSHOT_ENVELOPE, text),
  },
  {
    agent: 'claude',
    name: 'claude-snapshot',
    kind: 'bookkeeping',
    prefix: 'SNAPSHOT_FILE=',
    match(text) {
      const g = SNAPSHOT_SCRIPT.exec(text)?.groups;
      return g && isCleanAbsPath(g.snapshot!) ? { sourced: [] } : undefined;
    },
  },
  {
    // With an rc file the script sources it: only the user's own `~/.bashrc`, i.e. the file in
    // the same home as the snapshot directory (a caller that knows HOME pins it further).
    agent: 'claude',
    name: 'claude-snapshot-rc',
    kind: 'bookkeeping',
    prefix: 'SNAPSHOT_FILE=',
    match(text, home) {
      const g = SNAPSHOT_SCRIPT_WITH_RC.exec(text)?.groups;
      if (!g || !isCleanAbsPath(g.snapshot!) || !isCleanAbsPath(g.rcFile!)) return undefined;
      const userHome = snapshotHome(g.snapshot!);
      if (g.rcFile !== `${userHome}/.bashrc`) return undefined;
      if (home !== undefined && userHome !== home.replace(/\/+$/, '')) return undefined;
      return { sourced: [g.rcFile!] };
    },
  },
  {
    agent: 'claude',
    name: 'claude-env-probe',
    kind: 'bookkeeping',
    prefix: 'env',
    match: (text) => (text === 'env' ? { sourced: [] } : undefined),
  },
];
