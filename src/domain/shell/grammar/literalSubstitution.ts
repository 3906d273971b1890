import type { SyntaxNode } from './syntaxTree.js';
import { hereDocument } from './hereDocument.js';

/**
 * The one command substitution whose output the review computes: `$(cat <<'EOF' … EOF)`, the
 * commit-message idiom of coding agents. Its value is the here-document's body without its
 * trailing newlines (bash removes them from every substitution's output). Anything else inside
 * `$(…)` (another command, arguments to cat, a second redirection) has a value only running it
 * would tell, and stays refused.
 */
export type SubstitutionValue =
  | { ok: true; value: string; body: string; quoted: boolean }
  | { ok: false; detail?: string };

export function literalSubstitution(src: string, node: SyntaxNode, parent: SyntaxNode | undefined): SubstitutionValue {
  const open = node.children[0];
  const close = node.children[node.children.length - 1];
  if (open?.type !== '$(' || close?.type !== ')') return { ok: false };
  const inner = node.children.slice(1, -1);
  if (inner.length !== 1 || inner[0]!.type !== 'redirected_statement') return { ok: false };
  const stmt = inner[0]!;
  const body = stmt.children.find((c) => c.field === 'body');
  const redirects = stmt.children.filter((c) => c.field === 'redirect');
  if (body?.type !== 'command' || src.slice(body.start, body.end) !== 'cat') return { ok: false };
  if (redirects.length !== 1 || redirects[0]!.type !== 'heredoc_redirect') return { ok: false };
  const r = redirects[0]!;
  // Only `<<`, the delimiter, the body and the end: nothing else on the operator's line.
  if (r.children.some((c) => !['<<', '<<-', 'heredoc_start', 'heredoc_body', 'heredoc_end'].includes(c.type)))
    return { ok: false };
  if (stmt.children.length !== 2) return { ok: false };
  // Between `$(` and `cat`, and after the end line up to `)`: blanks and newlines only.
  if (!/^[ \t\n]*$/.test(src.slice(open.end, stmt.start)) || !/^[ \t\n]*$/.test(src.slice(stmt.end, close.start)))
    return { ok: false };
  const doc = hereDocument(src, r);
  if (!doc.ok) return { ok: false, detail: doc.detail };
  return { ok: true, value: doc.doc.body.replace(/\n+$/, ''), body: doc.doc.body, quoted: parent?.type === 'string' };
}

/** bash splits an unquoted result on IFS blanks and globs it: such a value is not one known word. */
export function unquotedValueIsOneWord(value: string): boolean {
  return value.length > 0 && !/[ \t\n*?[\]\\]/.test(value);
}
