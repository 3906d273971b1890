// How a CommonJS bundle carries the shell grammar: one home for the build and every bench.
// web-tree-sitter's ESM build locates itself with import.meta.url, which a CommonJS bundle lacks,
// so every bundle takes its CommonJS build; the grammar adapter
// (src/infrastructure/shellGrammar/treeSitterBash.ts) reads the two wasm files beside the bundle.
import { copyFileSync } from 'node:fs';
import { join } from 'node:path';

/** The esbuild plugin that resolves web-tree-sitter to its CommonJS build under `repo`. */
export function treeSitterCjs(repo) {
  return {
    name: 'web-tree-sitter-cjs',
    setup(b) {
      b.onResolve({ filter: /^web-tree-sitter$/ }, () => ({
        path: join(repo, 'node_modules/web-tree-sitter/tree-sitter.cjs'),
      }));
    },
  };
}

/** Copies the runtime's and the bash grammar's wasm files into `dir`, beside a bundle. */
export function copyGrammarWasm(repo, dir) {
  copyFileSync(join(repo, 'node_modules/web-tree-sitter/tree-sitter.wasm'), join(dir, 'tree-sitter.wasm'));
  copyFileSync(join(repo, 'node_modules/tree-sitter-bash/tree-sitter-bash.wasm'), join(dir, 'tree-sitter-bash.wasm'));
}
