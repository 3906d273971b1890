import type { Reason } from '../../verdict.js';
import type { Expandable } from '../expansion/wordPlan.js';

/** One redirection of a command, group or subshell, with its target decoded as bash would. */
export interface Redirect {
  /** The file descriptor written before the operator (`2>`), if any. */
  fd?: number;
  /** `>`, `>>`, `>|`, `<`, `<>`, `&>`, `&>>`, `>&`, `<&`, and `<<` (here-document), `<<<` (here-string). */
  op: string;
  /** The target word after quote removal and tilde expansion (empty for here-input). */
  target: string;
  /** `<<`/`<<<`: what the command reads on the descriptor (a here-document's body, a here-string and its newline). */
  here?: string;
}

/** A literal command substitution in a part's words: `$(cat <<'EOF' … EOF)` runs `cat` before the part. */
export interface Substitution {
  /** Its source text. */
  text: string;
  /** The here-document cat prints; the value is this without trailing newlines. */
  body: string;
}

/**
 * The structure bash will execute, in the supported subset (docs/shell.md "Compound commands").
 * `simple.text` is the command's source text (redirections included), for traces and the audit.
 */
export type Script =
  | {
      kind: 'simple';
      text: string;
      words: string[];
      redirects: Redirect[];
      /** Where the part's text starts in the parsed text, and its words there (for rewriting). */
      at?: number;
      spans?: Array<[number, number]>;
      /** Words with expansions the review does before judging (`words` then hold them unexpanded). */
      expandable?: Expandable;
      substitutions?: Substitution[];
    }
  | { kind: 'and' | 'or'; left: Script; right: Script }
  | { kind: 'seq'; items: Script[] }
  | { kind: 'pipe'; items: Script[] }
  | { kind: 'subshell' | 'group'; body: Script; redirects: Redirect[] };

export type ScriptResult = { ok: true; script: Script } | { ok: false; reasons: Reason[] };

/** Decodes the words of one simple command's text (no operators in it), as the tokenizer does. */
export type WordDecoder = (
  text: string,
) =>
  | { ok: true; words: string[]; spans?: Array<[number, number]> }
  | { ok: false; reasons: Reason[]; expandable?: Expandable };

/** Counts the simple commands of a script. */
export function countSimple(s: Script): number {
  switch (s.kind) {
    case 'simple':
      return 1;
    case 'and':
    case 'or':
      return countSimple(s.left) + countSimple(s.right);
    case 'seq':
    case 'pipe':
      return s.items.reduce((n, x) => n + countSimple(x), 0);
    default:
      return countSimple(s.body);
  }
}
