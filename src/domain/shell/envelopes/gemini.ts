import type { Shape } from './shape.js';
import { ABS_PATH, compileTemplate, isCleanAbsPath } from './template.js';
import { envelopeVariables, mentionsVariable } from './envelopeVariables.js';

/**
 * Gemini pastes the model's command raw between fixed lines, so the hole is "anything"; the
 * anchors at both ends are fixed, and whatever the model put there (newlines, a closing `)`)
 * is then refused by the tokenizer like any command.
 */
const TEMPLATE =
  'shopt -u promptvars nullglob extglob nocaseglob dotglob; _bgpids_file={{bgpids}}\n' +
  '(\n  trap \'jobs -p > "$_bgpids_file"\' EXIT\n{{cmd}}\n)\n__code=$?\nexit $__code';
const ENVELOPE = compileTemplate(TEMPLATE, {
  bgpids: { source: `${ABS_PATH}/gemini-shell-[A-Za-z0-9]{6}/bgpids\\.tmp` },
  cmd: { source: '[\\s\\S]*' },
});
/** `_bgpids_file`, `__code`: the model's command must not touch them (see envelopeVariables.ts). */
const OWN_VARIABLES = envelopeVariables(TEMPLATE);

export const geminiShapes: Shape[] = [
  {
    agent: 'gemini',
    name: 'gemini',
    kind: 'envelope',
    prefix: 'shopt -u promptvars ',
    match(text) {
      const g = ENVELOPE.exec(text)?.groups;
      if (!g || !isCleanAbsPath(g.bgpids!)) return undefined;
      // Not the envelope: the whole text is then judged as a command (and refused).
      if (mentionsVariable(g.cmd!, OWN_VARIABLES)) return undefined;
      return { inner: g.cmd!, sourced: [], writes: [g.bgpids!] };
    },
  },
];
