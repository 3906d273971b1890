// The grammar adapter's tree walk (src/infrastructure/shellGrammar/treeSitterBash.ts):
// - it reads type names, named flags and field names from per-language tables instead of the
//   cursor's getters; checked here against those getters, node by node, over the bench corpus;
// - it deletes every cursor it makes: the wasm heap never shrinks, so one left behind per parse
//   grew a resident process by ~235 bytes per compound command.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Language, Parser, Tree, TreeCursor } from 'web-tree-sitter';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { SyntaxNode } from '../../../src/domain/shell/grammar/syntaxTree.js';
import type { ShellGrammar } from '../../../src/domain/shell/grammar/syntaxTree.js';
import { treeSitterBash } from '../../../src/infrastructure/shellGrammar/treeSitterBash.js';
// @ts-expect-error: a plain .mjs module of the bench (the corpus the core is measured on)
import { loadCorpus } from '../../../scripts/bench/corpus.mjs';

const require = createRequire(import.meta.url);
const repo = new URL('../../../', import.meta.url).pathname;

/** The reference: web-tree-sitter's own cursor getters, as the adapter read them before. */
function reference(cursor: TreeCursor): SyntaxNode {
  const node: SyntaxNode = {
    type: cursor.nodeType,
    named: cursor.nodeIsNamed,
    start: cursor.startIndex,
    end: cursor.endIndex,
    children: [],
  };
  const field = cursor.currentFieldName;
  if (field) node.field = field;
  if (cursor.gotoFirstChild()) {
    do node.children.push(reference(cursor));
    while (cursor.gotoNextSibling());
    cursor.gotoParent();
  }
  return node;
}

const EXTRA = [
  'cd x && npm test 2>&1 | tail',
  'for f in *.ts; do echo "$f"; done',
  'case $x in a) echo a;; *) echo b;; esac',
  'f() { local a=1; echo $((a + 2)); }; f',
  'cat <<EOF\nline $HOME\nEOF',
  'a=(1 2 3); echo "${a[@]:1}" ${#a[@]} ${x:-y} ${x//a/b}',
  '[[ -f a && ! -d b ]] || (cd c; ls) | tee >(wc -l) <(echo 1) 2>/dev/null',
  'while read -r l; do printf "%s\\n" "$l"; done < f &',
  'if true; then :; elif false; then :; else exit 1; fi',
  'echo $\'a\\tb\' "$(date +%s)" `id -u` {a,b}.txt',
];

/**
 * The adapter parses a text with a newline after it (bash reads `-c` text so; tree-sitter-bash
 * then skips an error recovery that made 3-stage pipelines ~9x slower), and must still answer as
 * for the text as written: the same tree, or the same refusal. Texts whose end is where a newline
 * could matter, and every way of joining commands with every such end.
 */
const ENDINGS = [
  '',
  ' ',
  ';',
  ' ;',
  '&',
  ' & ',
  ' # note',
  '#',
  ' |',
  ' &&',
  ' ||',
  ' |&',
  "'",
  '"',
  '$(',
  '`',
  '\\',
  '\\\\',
  ')',
  '}',
  ' fi',
  ' done',
  ' esac',
  '\r',
  '\t',
  ' \\ ',
  '$',
  '${',
  '((',
  ' 2>',
  ' >',
  ' <',
  ' <<',
  ' <<EOF',
  ' <<<',
  ' x=',
  " $'a",
  ' !',
  ' (',
  ' {',
  ' then',
  ' do',
  ' in',
  '\n',
  '\n\n',
  ' ;;',
  '\\ ',
  ' \\\t',
  ' x\\ ',
  ' \\  ',
  " 'a b'",
  ' "a\\"',
  ' ${x}',
  ' $(y)',
  ' [[ a ]]',
  ' a+=(1)',
  ' 2>&1',
  ' >|f',
  ' &>f',
  ' <(x)',
  ' >(x)',
  ' {a,b}',
  ' ~',
  ' -- ',
  ' \\\r',
];
const JOINS = [' | ', '|', ' && ', ' || ', '; ', ' & ', ' |& ', '\n'];
function joined(): string[] {
  const out: string[] = [];
  for (const join of JOINS)
    for (const count of [1, 2, 3, 4])
      for (const end of ENDINGS) {
        const parts = ['cat f', 'grep -v x', 'sort -u', 'head -n 3'].slice(0, count);
        const list = parts.join(join);
        out.push(
          list + end,
          `{ ${list}; }${end}`,
          `(${list})${end}`,
          `x=$(${list})${end}`,
          `if a; then ${list}; fi${end}`,
        );
      }
  out.push('', ' ', '\n', '# only a comment', 'if true; then a | b | c; fi', 'case x in a) a | b | c;; esac');
  out.push('for i in 1 2; do a | b | c; done', 'f() { a | b | c; }', 'x=$(a | b | c)', 'echo "$(a | b | c)"');
  out.push('a | b | c #', 'cat <<EOF | b | c\nbody\nEOF', 'cat <<EOF\nbody', 'echo a\\', 'echo "a\\');
  return out;
}

describe('shell grammar adapter', () => {
  let grammar: ShellGrammar;
  let parser: Parser;
  beforeAll(async () => {
    const loaded = await treeSitterBash.load();
    if (!loaded) throw new Error('the shell grammar did not load');
    grammar = loaded;
    const wasm = join(dirname(require.resolve('tree-sitter-bash/package.json')), 'tree-sitter-bash.wasm');
    parser = new Parser();
    parser.setLanguage(await Language.load(readFileSync(wasm)));
  });
  afterEach(() => vi.restoreAllMocks());

  it('builds the tree the cursor getters give for the text as written (or refuses as they do), over the bench corpus and generated endings', () => {
    const texts = [...EXTRA, ...joined(), ...(loadCorpus(repo).commands as string[])];
    let compared = 0;
    for (const text of texts) {
      const got = grammar.parse(text);
      const tree = parser.parse(text);
      if (!tree) throw new Error(`no tree for ${text}`);
      const clean = !tree.rootNode.hasError;
      const cursor = tree.walk();
      const want = reference(cursor);
      cursor.delete();
      tree.delete();
      expect(got.ok, text).toBe(clean && want.end === text.length);
      if (got.ok) {
        expect(got.root, text).toEqual(want);
        compared++;
      }
    }
    // Most of the corpus parses: the comparison covered real trees, not refusals.
    expect(compared).toBeGreaterThan(3000);
  });

  it('deletes every tree cursor it makes, on success and on refusal', () => {
    const walk = vi.spyOn(Tree.prototype, 'walk');
    const del = vi.spyOn(TreeCursor.prototype, 'delete');
    for (const text of EXTRA) expect(grammar.parse(text).ok, text).toBe(true);
    expect(grammar.parse('echo "unterminated').ok).toBe(false);
    expect(walk.mock.calls.length).toBeGreaterThanOrEqual(EXTRA.length);
    expect(del.mock.calls.length).toBe(walk.mock.calls.length);
  });
});
