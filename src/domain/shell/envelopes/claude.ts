import { SINGLE_QUOTED_WORD_SOURCE, decodeSingleQuotedWord } from '../singleQuotedWord.js';
import { CLAUDE_SNAPSHOT_SCRIPT_TEMPLATE } from './agentScripts.js';
import type { Shape } from './shape.js';
import { ABS_PATH, compileTemplate, isCleanAbsPath } from './template.js';

/** `<home>/.claude/shell-snapshots/snapshot-bash-<ms epoch>-<base36>.sh`, absolute, no `..`. */
const SNAPSHOT = { source: `${ABS_PATH}/\\.claude/shell-snapshots/snapshot-bash-[0-9]{10,16}-[a-z0-9]{4,12}\\.sh` };

const ENVELOPE = compileTemplate(
  'source {{snapshot}} 2>/dev/null || true && shopt -u extglob 2>/dev/null || true && eval {{cmd}} < /dev/null && pwd -P >| {{cwdFile}}',
  {
    snapshot: SNAPSHOT,
    cmd: { source: SINGLE_QUOTED_WORD_SOURCE },
    cwdFile: { source: `${ABS_PATH}/claude-[0-9a-f]{4}-cwd` },
  },
);

const SNAPSHOT_SCRIPT = compileTemplate(CLAUDE_SNAPSHOT_SCRIPT_TEMPLATE, {
  snapshot: SNAPSHOT,
  // Written into a quoted here-document, then sourced by every later envelope: PATH characters only.
  pathValue: { source: '[A-Za-z0-9._@+/:-]*' },
  delim: { source: '[a-z0-9]{6,16}', same: true },
  home: { source: `\\$HOME|${ABS_PATH}` },
});

export const claudeShapes: Shape[] = [
  {
    agent: 'claude',
    name: 'claude',
    kind: 'envelope',
    prefix: 'source /',
    match(text) {
      const m = ENVELOPE.exec(text);
      const g = m?.groups;
      if (!g || !isCleanAbsPath(g.snapshot!) || !isCleanAbsPath(g.cwdFile!)) return undefined;
      const inner = decodeSingleQuotedWord(g.cmd!);
      return inner === undefined ? undefined : { inner, sourced: [g.snapshot!], writes: [g.cwdFile!] };
    },
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
    agent: 'claude',
    name: 'claude-env-probe',
    kind: 'bookkeeping',
    prefix: 'env',
    match: (text) => (text === 'env' ? { sourced: [] } : undefined),
  },
];
