// The shell grammar adapter: tree-sitter-bash run by web-tree-sitter (WebAssembly), turned into the
// domain's plain SyntaxNode tree. Loaded on first need only (docs/shell.md "Grammar choice"):
// a fresh Node pays ~60-100 ms for it, which a plain simple command never needs.
import { readFileSync, existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { Language, Parser } from 'web-tree-sitter';
import type { TreeCursor } from 'web-tree-sitter';
import type {
  GrammarParse,
  ShellGrammar,
  ShellGrammarSource,
  SyntaxNode,
} from '../../domain/shell/grammar/syntaxTree.js';
import { errorMessage } from '../../application/shimctlError.js';

/** Deeper trees are refused rather than walked (a pathological text cannot exhaust the stack). */
const MAX_TREE_DEPTH = 200;

/**
 * The wasm files: in dist/ beside the bundle (the build copies them; the CLI bundle in bin/ finds
 * them in ../dist), else in node_modules (tests run the TypeScript sources).
 */
function findWasm(file: string, pkg: string): string {
  const here = typeof __dirname === 'string' ? __dirname : process.cwd();
  for (const beside of [join(here, file), join(here, '..', 'dist', file)]) if (existsSync(beside)) return beside;
  for (let dir = here; ; dir = dirname(dir)) {
    const candidate = join(dir, 'node_modules', pkg, file);
    if (existsSync(candidate)) return candidate;
    if (dirname(dir) === dir) throw new Error(`${file} not found (looked beside ${here} and in node_modules)`);
  }
}

/**
 * What the tree walk reads from the language once instead of per node: every cursor getter is a
 * call into the wasm module that copies the cursor in first (~0.1 µs each, seven per node), so the
 * type name, named flag and field name come from the node's type and field ids through these
 * tables (two calls instead of four). The differential test against web-tree-sitter's own getters
 * is test/infrastructure/shellGrammar/treeSitterBash.test.ts.
 */
interface LanguageTables {
  readonly types: readonly string[];
  readonly named: readonly boolean[];
  readonly fields: readonly (string | null)[];
}

function tablesOf(lang: Language): LanguageTables {
  const types: string[] = [];
  const named: boolean[] = [];
  for (let id = 0; id < lang.types.length; id++) {
    // As the cursor's nodeType getter: a symbol without a public name reads as ERROR.
    types.push(lang.types[id] || 'ERROR');
    named.push(lang.nodeTypeIsNamed(id));
  }
  return { types, named, fields: lang.fields };
}

function toNode(cursor: TreeCursor, depth: number, t: LanguageTables): SyntaxNode {
  if (depth > MAX_TREE_DEPTH) throw new Error('tree too deep');
  const id = cursor.nodeTypeId;
  const node: SyntaxNode = {
    type: t.types[id] ?? 'ERROR',
    named: t.named[id] ?? false,
    start: cursor.startIndex,
    end: cursor.endIndex,
    children: [],
  };
  const field = t.fields[cursor.currentFieldId];
  if (field) node.field = field;
  if (cursor.gotoFirstChild()) {
    do node.children.push(toNode(cursor, depth + 1, t));
    while (cursor.gotoNextSibling());
    cursor.gotoParent();
  }
  return node;
}

/**
 * Whether the text may be parsed with a newline after it. bash reads `-c` text as if a newline
 * ended it, and tree-sitter-bash parses a text that ends in one several times faster when the
 * text is a pipeline of three or more commands: at the end of such a text one of the parser's
 * GLR versions has no valid token left, and the parser runs its error recovery (a scan of every
 * symbol of the grammar) for that doomed version before it drops it. `a | b | c` took ~180 µs
 * instead of ~20 µs (measured in docs/shell.md "Grammar choice"). Not when the newline could
 * change what the text says:
 * - a trailing backslash, also before trailing blanks: `echo a\` prints `a\`, but a backslash
 *   before a newline joins lines; and `cat f \ ` (an escaped blank at the end) is refused as
 *   written but parses with the newline, the one difference the adapter's differential test
 *   found over ~10,000 generated endings;
 * - a here-document: a body cut off by the end of the text ends without a newline in dash and
 *   with one in bash, so the body is read exactly as written.
 */
function mayTerminate(text: string): boolean {
  return !/\\[ \t]*$/.test(text) && !text.includes('<<');
}

function grammarOf(parser: Parser, tables: LanguageTables): ShellGrammar {
  /** One parse of `source`; the tree is kept only when it covers `text` and nothing after it. */
  function parseAs(text: string, source: string): GrammarParse {
    let tree;
    let cursor: TreeCursor | undefined;
    try {
      tree = parser.parse(source);
      if (!tree) return { ok: false, detail: 'the parser returned nothing' };
      // tree-sitter recovers from errors: an ERROR or MISSING node anywhere means the text is not
      // what the grammar describes, and is refused (hasError covers both).
      if (tree.rootNode.hasError) return { ok: false, detail: 'the text does not parse cleanly' };
      cursor = tree.walk();
      const root = toNode(cursor, 0, tables);
      if (source !== text) {
        // The added newline is the root's trailing extra, in no node below it (children lie
        // inside their parent, so the last child ends last). Anything else, or a tree with nothing
        // in it (its root starts after the newline), is not this text's tree.
        const last = root.children.at(-1);
        if (!last || last.end > text.length) return { ok: false, detail: 'the added newline changed the tree' };
        if (root.end > text.length) root.end = text.length;
      }
      if (root.end !== text.length) return { ok: false, detail: 'the parse did not cover the whole text' };
      return { ok: true, root };
    } catch (err) {
      return { ok: false, detail: errorMessage(err) };
    } finally {
      // Both live in the wasm heap, which never shrinks and has no finalizer: a cursor left
      // undeleted kept ~235 bytes per compound command for the resident process's lifetime.
      cursor?.delete();
      tree?.delete();
    }
  }
  return {
    parse(text: string): GrammarParse {
      if (mayTerminate(text)) {
        const terminated = parseAs(text, `${text}\n`);
        if (terminated.ok) return terminated;
      }
      // As written: the reading the differential tests pin, and the one that gives the refusal.
      return parseAs(text, text);
    },
  };
}

let ready: ShellGrammar | undefined;
let loading: Promise<ShellGrammar | undefined> | undefined;
/** Why the last load failed (for `shimctl doctor` and tests). */
export let lastError: string | undefined;

/** One grammar per process; a failed load is retried on the next need (and refuses meanwhile). */
export const treeSitterBash: ShellGrammarSource = {
  loaded: () => ready,
  load() {
    if (ready) return Promise.resolve(ready);
    loading ??= (async () => {
      try {
        // Baseline (Liftoff) code only. By default V8 recompiles the grammar's lexer (one 160 KB wasm
        // function) with TurboFan after the first parse: 1-5 s of CPU on a background thread, and a
        // process holding that compile does not exit until it is done. The per-command path paid it
        // on every compound command (10.4 s p50 wall under load instead of ~1.4 s); the resident
        // process paid it once per start for a lexer ~30% faster (Claude's 402-character envelope:
        // 91 vs 118 µs). Measured in docs/shell.md "Grammar choice". Process-wide; no other wasm runs
        // here. `node:v8` costs ~1-1.5 ms CPU on top of what the hot path has loaded.
        setFlagsFromString('--liftoff-only');
        await Parser.init({ wasmBinary: readFileSync(findWasm('tree-sitter.wasm', 'web-tree-sitter')) });
        const lang = await Language.load(readFileSync(findWasm('tree-sitter-bash.wasm', 'tree-sitter-bash')));
        const parser = new Parser();
        parser.setLanguage(lang);
        ready = grammarOf(parser, tablesOf(lang));
        return ready;
      } catch (err) {
        lastError = errorMessage(err);
        loading = undefined;
        return undefined;
      }
    })();
    return loading;
  },
};
