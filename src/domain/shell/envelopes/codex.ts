import { SINGLE_QUOTED_WORD_SOURCE, decodeSingleQuotedWord } from '../singleQuotedWord.js';
import { CODEX_SNAPSHOT_SCRIPT } from './agentScripts.js';
import { codexWrapperTemplate, readSavedNames } from './codexWrapper.js';
import type { SavedNames } from './codexWrapper.js';
import type { Shape } from './shape.js';
import { ABS_PATH, compileTemplate, isCleanAbsPath } from './template.js';

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const SNAPSHOTS_DIR = '/\\.codex/shell_snapshots/';

const WRAPPER_HOLES = {
  snapshot: { source: `${ABS_PATH}${SNAPSHOTS_DIR}${UUID}\\.[0-9]{1,24}\\.sh` },
  // Codex's bundled helper dir (apply_patch and friends): `<install>/vendor/<target triple>/codex-path`.
  pathDir: { source: `${ABS_PATH}/vendor/[a-z0-9_]+(?:-[a-z0-9_]+){2,4}/codex-path`, same: true },
  bash: { source: '/bin/bash|/usr/bin/bash' },
  cmd: { source: SINGLE_QUOTED_WORD_SOURCE },
};

/** The snapshot check: `set -e; . "<home>/.codex/shell_snapshots/<uuid>.tmp-<n>"`. */
const SNAPSHOT_CHECK = compileTemplate('set -e; . "{{file}}"', {
  file: { source: `(?:\\$HOME|${ABS_PATH})${SNAPSHOTS_DIR}${UUID}\\.tmp-[0-9]{1,24}` },
});

/** The regenerated wrapper depends only on the saved names; Codex sends the same list every time. */
let cached: { key: string; re: RegExp } | undefined;
function wrapperRegExp(names: SavedNames): RegExp {
  const key = `${names.own.join(',')}|${names.proxy.join(',')}`;
  if (cached?.key !== key) cached = { key, re: compileTemplate(codexWrapperTemplate(names), WRAPPER_HOLES) };
  return cached.re;
}

const cleanOrHome = (p: string): boolean => isCleanAbsPath(p.replace(/^\$HOME/, '/home'));

export const codexShapes: Shape[] = [
  {
    agent: 'codex',
    name: 'codex',
    kind: 'envelope',
    prefix: '__CODEX_SNAPSHOT_OVERRIDE_SET_0=',
    match(text) {
      const names = readSavedNames(text);
      if (!names) return undefined;
      const g = wrapperRegExp(names).exec(text)?.groups;
      if (!g || !isCleanAbsPath(g.snapshot!) || !isCleanAbsPath(g.pathDir!)) return undefined;
      const inner = decodeSingleQuotedWord(g.cmd!);
      return inner === undefined ? undefined : { inner, sourced: [g.snapshot!], pathPrefix: g.pathDir! };
    },
  },
  {
    agent: 'codex',
    name: 'codex-snapshot',
    kind: 'bookkeeping',
    prefix: 'if [ -z "${BASH_ENV-}" ]',
    match: (text) => (text === CODEX_SNAPSHOT_SCRIPT ? { sourced: [] } : undefined),
  },
  {
    agent: 'codex',
    name: 'codex-snapshot-check',
    kind: 'bookkeeping',
    prefix: 'set -e; . "',
    match(text) {
      const g = SNAPSHOT_CHECK.exec(text)?.groups;
      return g && cleanOrHome(g.file!) ? { sourced: [g.file!] } : undefined;
    },
  },
];
