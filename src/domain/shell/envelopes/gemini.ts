import type { Shape } from './shape.js';
import { ABS_PATH, compileTemplate, isCleanAbsPath } from './template.js';

/**
 * Gemini pastes the model's command raw between fixed lines, so the hole is "anything"; the
 * anchors at both ends are fixed, and whatever the model put there (newlines, a closing `)`)
 * is then refused by the tokenizer like any command.
 */
const ENVELOPE = compileTemplate(
  'shopt -u promptvars nullglob extglob nocaseglob dotglob; _bgpids_file={{bgpids}}\n' +
    '(\n  trap \'jobs -p > "$_bgpids_file"\' EXIT\n{{cmd}}\n)\n__code=$?\nexit $__code',
  {
    bgpids: { source: `${ABS_PATH}/gemini-shell-[A-Za-z0-9]{6}/bgpids\\.tmp` },
    cmd: { source: '[\\s\\S]*' },
  },
);

export const geminiShapes: Shape[] = [
  {
    agent: 'gemini',
    name: 'gemini',
    kind: 'envelope',
    prefix: 'shopt -u promptvars ',
    match(text) {
      const g = ENVELOPE.exec(text)?.groups;
      if (!g || !isCleanAbsPath(g.bgpids!)) return undefined;
      return { inner: g.cmd!, sourced: [], writes: [g.bgpids!] };
    },
  },
];
