/**
 * Codex CLI's command wrapper, rebuilt from the variable names it saves. Codex saves a list of
 * its own variables and then a list of proxy variables, sources its snapshot, restores each
 * variable, prefixes PATH with its helper dir and finally execs bash on the model's command.
 * The lists change between Codex versions, so the names are read from the text (strict
 * identifiers) and the whole wrapper is regenerated from them and compared byte for byte.
 */
const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
const SAVE_PAIR = /__CODEX_SNAPSHOT_(PROXY_)?OVERRIDE_SET_([0-9]+)="\$\{([A-Za-z_][A-Za-z0-9_]*)\+x\}"\n/y;

export interface SavedNames {
  own: string[];
  proxy: string[];
}

/** Reads the leading `__CODEX_SNAPSHOT_*OVERRIDE_SET_i="${NAME+x}"` lines; the rest is checked by regeneration. */
export function readSavedNames(text: string): SavedNames | undefined {
  const names: SavedNames = { own: [], proxy: [] };
  SAVE_PAIR.lastIndex = 0;
  for (;;) {
    const at = SAVE_PAIR.lastIndex;
    const m = SAVE_PAIR.exec(text);
    if (!m) {
      SAVE_PAIR.lastIndex = at;
      break;
    }
    const list = m[1] ? names.proxy : names.own;
    if (m[1] === undefined && names.proxy.length > 0) return undefined;
    if (Number(m[2]) !== list.length || !NAME.test(m[3]!)) return undefined;
    list.push(m[3]!);
    // Skip the paired value line; regeneration checks it.
    const eol = text.indexOf('\n', SAVE_PAIR.lastIndex);
    if (eol < 0) return undefined;
    SAVE_PAIR.lastIndex = eol + 1;
  }
  return names.own.length > 0 ? names : undefined;
}

const save = (p: string, i: number, n: string): string =>
  `__CODEX_SNAPSHOT_${p}OVERRIDE_SET_${i}="\${${n}+x}"\n__CODEX_SNAPSHOT_${p}OVERRIDE_${i}="\${${n}-}"\n`;

function restore(p: string, i: number, n: string): string {
  const set = `__CODEX_SNAPSHOT_${p}OVERRIDE_SET_${i}`;
  const val = `__CODEX_SNAPSHOT_${p}OVERRIDE_${i}`;
  return (
    `if [ -n "\${${set}}" ]; then\n` +
    `  if [ -z "\${${n}+x}" ] || [ "\${${n}-}" != "\${${val}}" ]; then export ${n}="\${${val}}"; else export ${n}; fi\n` +
    `else builtin unset ${n} 2>/dev/null || command unset ${n}; fi\n` +
    `builtin unset ${set} ${val} 2>/dev/null || command unset ${set} ${val}\n`
  );
}

/** The wrapper's text with `{{snapshot}}`, `{{pathDir}}`, `{{bash}}` and `{{cmd}}` holes. */
export function codexWrapperTemplate(names: SavedNames): string {
  // Names are identifiers, so the generated text cannot contain a `{{` hole by accident.
  return (
    names.own.map((n, i) => save('', i, n)).join('') +
    names.proxy.map((n, i) => save('PROXY_', i, n)).join('') +
    '__CODEX_SNAPSHOT_PROXY_ENV_SET="${CODEX_NETWORK_PROXY_ACTIVE+x}"\n\n' +
    "if . '{{snapshot}}' >/dev/null 2>&1; then :; fi\n\n" +
    names.own.map((n, i) => restore('', i, n)).join('') +
    'if [ -n "$__CODEX_SNAPSHOT_PROXY_ENV_SET" ] || [ -n "${CODEX_NETWORK_PROXY_ACTIVE+x}" ]; then\n' +
    names.proxy.map((n, i) => restore('PROXY_', i, n)).join('') +
    'fi\n' +
    `if [ -n "\${PATH:-}" ]; then export PATH='{{pathDir}}':"$PATH"; else export PATH='{{pathDir}}'; fi\n\n` +
    "exec '{{bash}}' -c {{cmd}}"
  );
}
