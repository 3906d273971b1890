import type { SyntaxNode } from './syntaxTree.js';

/**
 * One here-document as bash reads it, from a tree-sitter `heredoc_redirect` node. tree-sitter
 * finds where the body lies; the body itself is re-derived here by bash's rule (the lines up to
 * the first line that is exactly the delimiter, `<<-` removing leading tabs first), and any
 * disagreement with the tree refuses the text, so a body the grammar placed wrongly cannot hide
 * or invent a command.
 */
export interface HereDocument {
  /** `<<` or `<<-`. */
  op: string;
  /** Where the operator starts (`<<`, after any fd) and where the delimiter word ends. */
  opStart: number;
  opEnd: number;
  /** The body lines and the delimiter line: [regionStart, regionEnd), removed from the text. */
  regionStart: number;
  regionEnd: number;
  /** What the command reads: the body, tabs stripped for `<<-`. */
  body: string;
  /** The delimiter was quoted: the body is literal. */
  quoted: boolean;
}

export type HereDocumentResult = { ok: true; doc: HereDocument } | { ok: false; detail: string };

/** An unquoted delimiter's body is subject to `$`, backquote and `\` processing: not computed here. */
const EXPANDS = /[$`\\]/;

/** The delimiter word after quote removal, or undefined for a word bash would expand or we cannot read. */
function delimiterOf(word: string): { delim: string; quoted: boolean } | undefined {
  let out = '';
  let quoted = false;
  for (let i = 0; i < word.length; i++) {
    const c = word[i]!;
    if (c === "'") {
      const close = word.indexOf("'", i + 1);
      if (close < 0) return undefined;
      out += word.slice(i + 1, close);
      quoted = true;
      i = close;
    } else if (c === '"') {
      const close = word.indexOf('"', i + 1);
      if (close < 0) return undefined;
      const inner = word.slice(i + 1, close);
      if (/[$`\\]/.test(inner)) return undefined;
      out += inner;
      quoted = true;
      i = close;
    } else if (c === '\\') {
      if (i + 1 >= word.length) return undefined;
      out += word[i + 1];
      quoted = true;
      i++;
    } else if (/[A-Za-z0-9_.:+,@%^=/-]/.test(c)) {
      out += c;
    } else {
      return undefined;
    }
  }
  return out.length ? { delim: out, quoted } : undefined;
}

export function hereDocument(src: string, node: SyntaxNode): HereDocumentResult {
  const opTok = node.children.find((c) => !c.named && (c.type === '<<' || c.type === '<<-'));
  const start = node.children.find((c) => c.type === 'heredoc_start');
  const bodyNode = node.children.find((c) => c.type === 'heredoc_body');
  const end = node.children.find((c) => c.type === 'heredoc_end');
  if (!opTok || !start || !end) return { ok: false, detail: 'here-document without its end line' };
  const d = delimiterOf(src.slice(start.start, start.end));
  if (!d) return { ok: false, detail: `delimiter ${src.slice(start.start, start.end)}` };
  const strip = opTok.type === '<<-';
  const lineStart = (at: number): number => src.lastIndexOf('\n', at - 1) + 1;
  const endLine = lineStart(end.start);
  const regionStart = bodyNode ? lineStart(bodyNode.start) : endLine;
  const tabsOnly = (s: string): boolean => (strip ? /^\t*$/ : /^$/).test(s);
  // The body starts on a line of its own, after the operator's line; the end line is exactly the delimiter.
  if (regionStart <= start.end || src[regionStart - 1] !== '\n') return { ok: false, detail: 'body placement' };
  if (bodyNode && !tabsOnly(src.slice(regionStart, bodyNode.start))) return { ok: false, detail: 'body placement' };
  if (!tabsOnly(src.slice(endLine, end.start)) || src.slice(end.start, end.end) !== d.delim)
    return { ok: false, detail: 'end line' };
  if (end.end !== src.length && src[end.end] !== '\n')
    return { ok: false, detail: `text after the delimiter ${d.delim}` };
  const raw = src.slice(regionStart, endLine);
  const lines = raw === '' ? [] : raw.slice(0, -1).split('\n');
  const body: string[] = [];
  for (const line of lines) {
    const l = strip ? line.replace(/^\t+/, '') : line;
    if (l === d.delim) return { ok: false, detail: 'a body line equals the delimiter' };
    body.push(l);
  }
  const text = body.map((l) => `${l}\n`).join('');
  if (!d.quoted && EXPANDS.test(text)) {
    return {
      ok: false,
      detail: `the body of <<${d.delim} has $, \` or \\, which bash expands; quote the delimiter (<<'${d.delim}') for a literal body`,
    };
  }
  return {
    ok: true,
    doc: {
      op: opTok.type,
      opStart: opTok.start,
      opEnd: start.end,
      regionStart,
      regionEnd: end.end,
      body: text,
      quoted: d.quoted,
    },
  };
}
