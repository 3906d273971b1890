/**
 * A shell parse tree as plain data, so the pure domain can walk it without depending on the
 * parser library (an infrastructure adapter builds it from tree-sitter-bash; see docs/shell.md).
 * `start`/`end` are JavaScript string indices into the parsed text.
 */
export interface SyntaxNode {
  type: string;
  /** Named nodes are grammar rules (`command`, `list`); unnamed ones are tokens (`&&`, `;`, `>`). */
  named: boolean;
  start: number;
  end: number;
  /** The field this node fills in its parent (`body`, `redirect`, `descriptor`, `destination`). */
  field?: string;
  children: SyntaxNode[];
}

/** `ok: false` when the text does not parse cleanly (an ERROR or MISSING node anywhere). */
export type GrammarParse = { ok: true; root: SyntaxNode } | { ok: false; detail: string };

/** A loaded shell grammar: synchronous once loaded. Must not throw. */
export interface ShellGrammar {
  parse(text: string): GrammarParse;
}

/**
 * How the review reaches the grammar. It is loaded asynchronously (WebAssembly), so the caller of
 * the pure, synchronous review loads it first when the text needs it; `loaded()` is what the
 * review sees (undefined: not loaded, and the text is refused as not reviewable).
 */
export interface ShellGrammarSource {
  loaded(): ShellGrammar | undefined;
  load(): Promise<ShellGrammar | undefined>;
}
