import type { Reason } from '../../verdict.js';
import { REASON_CODES } from '../../reasonCodes.js';
import type { ReasonCode } from '../../reasonCodes.js';
import type { GrammarParse, ShellGrammar, SyntaxNode } from './syntaxTree.js';
import { hereDocument } from './hereDocument.js';
import { literalSubstitution, unquotedValueIsOneWord } from './literalSubstitution.js';

// Here-documents and literal command substitutions are taken out of the text before its structure
// is built: each here-document's operator becomes `<` of a placeholder name and its body lines are
// removed; each `$(cat <<'EOF' … EOF)` becomes a placeholder word. The remaining text is parsed
// again and holds only constructs the structure builder already knows; the placeholders are
// mapped back to the bodies and values after the words are decoded. Placeholders are plain
// characters in and out of double quotes, cannot be an assignment name, and may not occur in
// the original text.

const MARK = '%shimctl.';
export const HERE_PLACEHOLDER = /^%shimctl\.here\.([0-9]+)%$/;
const SUB_PLACEHOLDER = /%shimctl\.sub\.([0-9]+)%/g;
const NEWLINE_PLACEHOLDER = '%shimctl.nl%';

export interface PreparedText {
  /** The text with here-document bodies and literal substitutions taken out. */
  text: string;
  root: SyntaxNode;
  /** Bodies by placeholder number, and the operator text they replaced (for display). */
  here: Array<{ body: string; op: string }>;
  /** Substitution values, the here-document bodies cat prints for them, and their source text. */
  subs: Array<{ value: string; body: string; source: string }>;
}

export type PreparedResult = { ok: true; prepared: PreparedText } | { ok: false; reasons: Reason[] };

const refusal = (code: ReasonCode, detail?: string): PreparedResult => ({
  ok: false,
  reasons: [{ code, message: detail ? `${REASON_CODES[code]} (${detail})` : REASON_CODES[code] }],
});

interface Edit {
  from: number;
  to: number;
  with: string;
}

function hasType(n: SyntaxNode, types: ReadonlySet<string>): boolean {
  return types.has(n.type) || n.children.some((c) => hasType(c, types));
}
const HERE_OR_SUB = new Set(['heredoc_redirect', 'command_substitution']);

/**
 * Parses `text`; when it holds here-documents or command substitutions, takes the computable
 * ones out (or refuses, naming the construct) and parses the rest again.
 */
export function prepareText(text: string, grammar: ShellGrammar): PreparedResult {
  const first: GrammarParse = grammar.parse(text);
  if (!first.ok) return refusal('syntax.parse_error', first.detail);
  // Checked for every text: the quoted-newline placeholder is used without here-documents too.
  if (text.includes(MARK)) return refusal('syntax.parse_error', `the text holds the review's reserved marker ${MARK}`);
  if (!hasType(first.root, HERE_OR_SUB)) return { ok: true, prepared: { text, root: first.root, here: [], subs: [] } };
  const edits: Edit[] = [];
  const here: PreparedText['here'] = [];
  const subs: PreparedText['subs'] = [];
  let failed: PreparedResult | undefined;
  const visit = (n: SyntaxNode, parent: SyntaxNode | undefined): void => {
    if (failed) return;
    if (n.type === 'command_substitution') {
      const s = literalSubstitution(text, n, parent);
      if (!s.ok) {
        failed = refusal('syntax.substitution', s.detail);
        return;
      }
      // Only a value bash leaves as one word: in double quotes, or without blanks and glob characters.
      if (!s.quoted && !unquotedValueIsOneWord(s.value)) {
        failed = refusal(
          'syntax.substitution',
          'an unquoted substitution whose value bash would split or glob; put it in double quotes',
        );
        return;
      }
      // `~$(…)`: the tilde prefix would run into the placeholder.
      if (text[n.start - 1] === '~') {
        failed = refusal('syntax.substitution', 'after ~');
        return;
      }
      edits.push({ from: n.start, to: n.end, with: `${MARK}sub.${subs.length}%` });
      subs.push({ value: s.value, body: s.body, source: text.slice(n.start, n.end) });
      return;
    }
    if (n.type === 'heredoc_redirect') {
      const d = hereDocument(text, n);
      if (!d.ok) {
        failed = refusal('syntax.heredoc', d.detail);
        return;
      }
      const doc = d.doc;
      edits.push({ from: doc.opStart, to: doc.opEnd, with: `<${MARK}here.${here.length}%` });
      edits.push({ from: doc.regionStart, to: doc.regionEnd, with: '' });
      here.push({ body: doc.body, op: text.slice(doc.opStart, doc.opEnd) });
      // What tree-sitter nests inside the redirect (the rest of the operator's line) is visited too.
      for (const c of n.children) if (c.type !== 'heredoc_body') visit(c, n);
      return;
    }
    for (const c of n.children) visit(c, n);
  };
  visit(first.root, undefined);
  if (failed) return failed;
  edits.sort((a, b) => a.from - b.from);
  let out = '';
  let at = 0;
  for (const e of edits) {
    if (e.from < at) return refusal('syntax.parse_error', 'overlapping here-documents');
    out += text.slice(at, e.from) + e.with;
    at = e.to;
  }
  out += text.slice(at);
  const second = grammar.parse(out);
  if (!second.ok) return refusal('syntax.parse_error', second.detail);
  // Every here-document and substitution was taken out: one left means the two parses disagree.
  if (hasType(second.root, HERE_OR_SUB))
    return refusal('syntax.parse_error', 'here-documents the grammar reads differently');
  return { ok: true, prepared: { text: out, root: second.root, here, subs } };
}

/** The literal substitutions in a piece of the prepared text, in order. */
export function substitutionsIn(text: string, p: PreparedText): Array<{ text: string; body: string }> {
  if (p.subs.length === 0) return [];
  return [...text.matchAll(SUB_PLACEHOLDER)].map((m) => ({
    text: p.subs[Number(m[1])]!.source,
    body: p.subs[Number(m[1])]!.body,
  }));
}

const ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*=/;

/**
 * Puts substitution values into decoded words; undefined when a value would turn a word into
 * the shape of an assignment (`X$(…)` with a value `=1`): bash decides assignments before it
 * expands, so it runs a command named `X=1`, while the review would read an assignment.
 */
export function withValues(words: readonly string[], p: PreparedText): string[] | undefined {
  if (p.subs.length === 0) return [...words];
  const out: string[] = [];
  for (const w of words) {
    const v = w.replace(SUB_PLACEHOLDER, (_m, k: string) => p.subs[Number(k)]!.value);
    if (v !== w && ASSIGNMENT.test(v) && !ASSIGNMENT.test(w)) return undefined;
    out.push(v);
  }
  return out;
}

/** The source text of a part as the agent wrote it (placeholders back to operators and substitutions). */
export function displayText(text: string, p: PreparedText): string {
  if (p.here.length === 0 && p.subs.length === 0) return text;
  return text
    .replace(/<%shimctl\.here\.([0-9]+)%/g, (_m, k: string) => p.here[Number(k)]!.op)
    .replace(SUB_PLACEHOLDER, (_m, k: string) => p.subs[Number(k)]!.source);
}

/**
 * The newlines of `text` that are inside quotes by bash's basic quoting rules (backslash, single
 * and double quotes): a second opinion beside the tree's, so a newline is taken as quoted only
 * when both agree (a newline bash reads as a separator must never become part of a word).
 */
export function newlinesInQuotes(text: string): Set<number> {
  const out = new Set<number>();
  let q: "'" | '"' | undefined;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (q === "'") {
      if (c === "'") q = undefined;
      else if (c === '\n') out.add(i);
      continue;
    }
    if (c === '\\') {
      i++;
      continue;
    }
    if (q === '"') {
      if (c === '"') q = undefined;
      else if (c === '\n') out.add(i);
      continue;
    }
    if (c === "'" || c === '"') q = c;
  }
  return out;
}

/**
 * Newlines inside single- and double-quoted strings are ordinary characters to bash; the word
 * decoder reads one line, so they are replaced by a placeholder before decoding and put back after.
 * Not a newline after a backslash in double quotes (a line continuation there) nor in `$'…'`.
 */
export function quotedNewlines(src: string, n: SyntaxNode, from: number, to: number, out: number[] = []): number[] {
  if (n.end <= from || n.start >= to) return out;
  if (n.type === 'raw_string' || n.type === 'string') {
    for (let i = Math.max(n.start, from); i < Math.min(n.end, to); i++) {
      if (src[i] !== '\n') continue;
      if (n.type === 'string') {
        let b = 0;
        while (src[i - 1 - b] === '\\') b++;
        if (b % 2 === 1) continue;
      }
      out.push(i);
    }
    return out;
  }
  for (const c of n.children) quotedNewlines(src, c, from, to, out);
  return out;
}

export function hideNewlines(text: string, offset: number, at: readonly number[]): string {
  if (at.length === 0) return text;
  let out = '';
  let prev = 0;
  for (const i of at) {
    out += text.slice(prev, i - offset) + NEWLINE_PLACEHOLDER;
    prev = i - offset + 1;
  }
  return out + text.slice(prev);
}

export function restoreNewlines(words: readonly string[]): string[] {
  return words.map((w) => (w.includes(NEWLINE_PLACEHOLDER) ? w.split(NEWLINE_PLACEHOLDER).join('\n') : w));
}
