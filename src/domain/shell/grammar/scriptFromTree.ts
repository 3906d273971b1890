import type { Reason } from '../../verdict.js';
import type { ReasonCode } from '../../reasonCodes.js';
import { REASON_CODES } from '../../reasonCodes.js';
import type { Redirect, Script, ScriptResult, WordDecoder } from './script.js';
import type { SyntaxNode } from './syntaxTree.js';
import type { PreparedText } from './hereText.js';
import {
  HERE_PLACEHOLDER,
  displayText,
  hideNewlines,
  newlinesInQuotes,
  quotedNewlines,
  restoreNewlines,
  substitutionsIn,
  withValues,
} from './hereText.js';

// Builds the executed structure from a tree-sitter-bash tree. The grammar decides only where the
// parts are (lists, pipelines, groups, subshells, redirection operators); the words of every part
// are decoded by the tokenizer that is tested against real bash and dash, on the part's own text.
// Anything the tokenizer finds in a part's text (an operator, a `$`, a glob) refuses the whole
// text, so a place where the grammar and bash disagree cannot hide a command inside a word.

/** Simple commands in tree-sitter-bash: their whole text becomes one part. */
const UNITS = new Set([
  'command',
  'declaration_command',
  'unset_command',
  'test_command',
  'variable_assignment',
  'variable_assignments',
]);
const SEPARATORS = new Set([';', '\n']);
const FILE_OPS = new Set(['>', '>>', '>|', '<', '<>', '&>', '&>>', '>&', '<&']);

/**
 * Constructs outside the subset, named by the reason the tokenizer would give. Here-documents and
 * literal substitutions were taken out of the text before (hereText.ts): one found here is not computable.
 */
const REFUSED: Record<string, ReasonCode> = {
  comment: 'syntax.comment',
  heredoc_redirect: 'syntax.heredoc',
  process_substitution: 'syntax.process_substitution',
  command_substitution: 'syntax.substitution',
};

export function scriptFromTree(prepared: PreparedText, rawDecode: WordDecoder): ScriptResult {
  const { text: src, root } = prepared;
  // Words as the tokenizer decodes them, with quoted newlines and substitution values put back.
  const decodeRange = (text: string, from: number): ReturnType<WordDecoder> => {
    const scanned = text.includes('\n') ? newlinesInQuotes(text) : undefined;
    const nl = scanned
      ? quotedNewlines(src, root, from, from + text.length).filter(
          (i) => text[i - from] === '\n' && scanned.has(i - from),
        )
      : [];
    const w = rawDecode(hideNewlines(text, from, nl));
    // Hidden newlines move positions: expansions, which are written back at their positions, stay refused then.
    if (!w.ok) return nl.length === 0 ? w : { ok: false, reasons: w.reasons };
    const words = withValues(restoreNewlines(w.words), prepared);
    if (!words)
      return {
        ok: false,
        reasons: [
          {
            code: 'syntax.substitution',
            message: `${REASON_CODES['syntax.substitution']} (its value would make a word look like an assignment)`,
          },
        ],
      };
    return nl.length === 0 && w.spans ? { ok: true, words, spans: w.spans } : { ok: true, words };
  };
  const found = new Map<ReasonCode, string>();
  const flag = (code: ReasonCode, detail?: string): undefined => {
    if (!found.has(code)) found.set(code, detail ? `${REASON_CODES[code]} (${detail})` : REASON_CODES[code]);
    return undefined;
  };
  const refuse = (reasons: readonly Reason[]): undefined => {
    for (const r of reasons) if (!found.has(r.code as ReasonCode)) found.set(r.code as ReasonCode, r.message);
    return undefined;
  };

  const sequence = (nodes: SyntaxNode[]): Script | undefined => {
    const items: Script[] = [];
    for (const c of nodes) {
      if (!c.named) {
        if (c.type === '&') flag('syntax.background');
        else if (!SEPARATORS.has(c.type)) flag('syntax.compound', c.type);
        continue;
      }
      const s = convert(c);
      if (s) items.push(s);
    }
    if (found.size > 0) return undefined;
    if (items.length === 0) return flag('syntax.empty');
    return items.length === 1 ? items[0] : { kind: 'seq', items };
  };

  const redirectOf = (r: SyntaxNode): { redirect: Redirect; from: number; to: number } | undefined => {
    const code = REFUSED[r.type];
    if (code) return flag(code);
    if (r.type === 'herestring_redirect') return hereString(r);
    if (r.type !== 'file_redirect') return flag('syntax.redirection', r.type);
    const op = r.children.find((c) => !c.named);
    const desc = r.children.find((c) => c.field === 'descriptor');
    const dest = r.children.find((c) => c.field === 'destination');
    if (!op || !dest || !FILE_OPS.has(op.type)) return flag('syntax.redirection', op?.type);
    // `{name}>&1` makes bash open a new descriptor into $name; tree-sitter reads `{name}` as a word.
    if (!desc && src[r.start - 1] === '}') return flag('syntax.redirection', '{name} descriptor');
    let fd: number | undefined;
    if (desc) {
      const t = src.slice(desc.start, desc.end);
      if (!/^[0-9]{1,2}$/.test(t) || desc.end !== op.start) return flag('syntax.redirection', t);
      fd = Number(t);
    }
    const raw = src.slice(dest.start, dest.end);
    if ((op.type === '>&' || op.type === '<&') && /^([0-9]{1,2}|-)$/.test(raw)) {
      return { redirect: { fd, op: op.type, target: raw }, from: r.start, to: dest.end };
    }
    const here = HERE_PLACEHOLDER.exec(raw);
    if (here && op.type === '<') {
      const redirect: Redirect = { op: '<<', target: '', here: prepared.here[Number(here[1])]!.body };
      if (fd !== undefined) redirect.fd = fd;
      return { redirect, from: r.start, to: dest.end };
    }
    const w = decodeRange(raw, dest.start);
    if (!w.ok) return refuse(w.reasons);
    if (w.words.length !== 1) return flag('syntax.redirection', raw);
    const redirect: Redirect =
      fd === undefined ? { op: op.type, target: w.words[0]! } : { fd, op: op.type, target: w.words[0]! };
    return { redirect, from: r.start, to: dest.end };
  };

  /** `<<< WORD`: the command reads the word and a newline (no splitting, no globbing in bash). */
  const hereString = (r: SyntaxNode): { redirect: Redirect; from: number; to: number } | undefined => {
    const desc = r.children.find((c) => c.field === 'descriptor');
    const word = r.children.filter((c) => c.named && c.field !== 'descriptor');
    if (word.length !== 1) return flag('syntax.heredoc', 'here-string');
    const w = decodeRange(src.slice(word[0]!.start, word[0]!.end), word[0]!.start);
    if (!w.ok) return refuse(w.reasons);
    if (w.words.length !== 1) return flag('syntax.heredoc', 'here-string');
    const redirect: Redirect = { op: '<<<', target: '', here: `${w.words[0]!}\n` };
    if (desc) {
      const t = src.slice(desc.start, desc.end);
      if (!/^[0-9]{1,2}$/.test(t)) return flag('syntax.redirection', t);
      redirect.fd = Number(t);
    }
    return { redirect, from: r.start, to: r.end };
  };

  /** The redirection nodes inside a simple command (not inside its words: the tokenizer refuses those). */
  const redirectNodes = (n: SyntaxNode, out: SyntaxNode[]): SyntaxNode[] => {
    for (const c of n.children) {
      if (c.type.endsWith('_redirect')) out.push(c);
      else if (REFUSED[c.type]) flag(REFUSED[c.type]!);
      else if (c.type === 'command' || c.field === 'body') redirectNodes(c, out);
    }
    return out;
  };

  const unit = (n: SyntaxNode): Script | undefined => {
    const redirects: Redirect[] = [];
    let text = src.slice(n.start, n.end);
    for (const r of redirectNodes(n, [])) {
      const got = redirectOf(r);
      if (!got) continue;
      redirects.push(got.redirect);
      // Blank the operator and its target (same length), so only the words remain.
      text = text.slice(0, got.from - n.start) + ' '.repeat(got.to - got.from) + text.slice(got.to - n.start);
    }
    if (found.size > 0) return undefined;
    const w = decodeRange(text, n.start);
    const own = src.slice(n.start, n.end);
    // Expansions are done by the walk in the part's directory, and written back into the text at
    // their positions. Those are positions in the parsed text, which is the agent's text only when
    // no here-document or substitution was taken out of it: otherwise expansions stay refused.
    const untouched = prepared.here.length === 0 && prepared.subs.length === 0;
    if (!w.ok && !(w.expandable && untouched)) return refuse(w.reasons);
    const words = w.ok ? w.words : w.expandable!.words;
    const spans = w.ok ? (untouched ? w.spans : undefined) : w.expandable!.spans;
    const subs = substitutionsIn(own, prepared);
    const simple: Script = {
      kind: 'simple',
      text: displayText(own, prepared),
      words,
      redirects,
      at: n.start,
      ...(spans ? { spans } : {}),
      ...(w.ok ? {} : { expandable: w.expandable }),
    };
    return subs.length ? { ...simple, substitutions: subs } : simple;
  };

  /** bash binds a trailing redirection to the last command of a list or pipeline; tree-sitter to the whole. */
  const attach = (s: Script, rs: Redirect[], text: string): Script => {
    switch (s.kind) {
      case 'simple':
        return { ...s, text: `${s.text} ${text}`, redirects: [...s.redirects, ...rs] };
      case 'and':
      case 'or':
        return { ...s, right: attach(s.right, rs, text) };
      case 'seq':
      case 'pipe':
        return { ...s, items: [...s.items.slice(0, -1), attach(s.items[s.items.length - 1]!, rs, text)] };
      default:
        return { ...s, redirects: [...s.redirects, ...rs] };
    }
  };

  const convert = (n: SyntaxNode): Script | undefined => {
    if (UNITS.has(n.type)) return unit(n);
    switch (n.type) {
      case 'program':
        return sequence(n.children);
      case 'list': {
        const [left, op, right] = n.children;
        if (n.children.length !== 3 || !left || !op || !right || (op.type !== '&&' && op.type !== '||'))
          return flag('syntax.compound', op?.type);
        const l = convert(left);
        const r = convert(right);
        return l && r ? { kind: op.type === '&&' ? 'and' : 'or', left: l, right: r } : undefined;
      }
      case 'pipeline': {
        const items: Script[] = [];
        for (const c of n.children) {
          if (!c.named) {
            if (c.type !== '|' && c.type !== '|&') flag('syntax.compound', c.type);
            continue;
          }
          const s = convert(c);
          if (s) items.push(s);
        }
        return found.size === 0 ? { kind: 'pipe', items } : undefined;
      }
      case 'subshell':
      case 'compound_statement': {
        const open = n.type === 'subshell' ? '(' : '{';
        const close = n.type === 'subshell' ? ')' : '}';
        const inner = n.children.filter((c) => c.type !== open && c.type !== close);
        const body = sequence(inner);
        return body ? { kind: n.type === 'subshell' ? 'subshell' : 'group', body, redirects: [] } : undefined;
      }
      case 'redirected_statement': {
        const body = n.children.find((c) => c.field === 'body');
        if (!body) return flag('syntax.redirection', 'no command');
        if (UNITS.has(body.type)) return unit(n);
        const s = convert(body);
        const rs: Redirect[] = [];
        for (const r of n.children) {
          if (r.field !== 'redirect') continue;
          const got = redirectOf(r);
          if (got) rs.push(got.redirect);
        }
        return s && found.size === 0
          ? attach(s, rs, displayText(src.slice(body.end, n.end).trim(), prepared))
          : undefined;
      }
      default: {
        const code = REFUSED[n.type];
        return code ? flag(code) : flag('syntax.compound', n.type);
      }
    }
  };

  const script = convert(root);
  if (found.size > 0 || !script) {
    if (found.size === 0) flag('syntax.parse_error');
    return { ok: false, reasons: [...found].map(([code, message]) => ({ code, message })) };
  }
  return { ok: true, script };
}
