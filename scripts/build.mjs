// Bundles the CLI into CommonJS files so no command, and above all not the hot path, ever
// loads TypeScript or tsx at run time.
import { build } from 'esbuild';
import { chmodSync, copyFileSync } from 'node:fs';
import { resolve as resolvePath } from 'node:path';
import { copyGrammarWasm, treeSitterCjs as treeSitterCjsFor } from './treeSitterBundle.mjs';

const common = {
  outdir: 'dist',
  outExtension: { '.js': '.cjs' },
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  // cosmiconfig requires the TypeScript compiler lazily for .ts configs, which shimctl never
  // loads; bundling it would add ~10 MB to parse on every call.
  // pino runs its transports in worker threads that load them by name: they stay in
  // node_modules (only `audit ship` loads them), not in the bundle.
  external: ['typescript', 'pino', 'pino-*'],
  sourcemap: false,
  minify: false,
  legalComments: 'none',
  logLevel: 'warning',
};

const treeSitterCjs = treeSitterCjsFor(resolvePath('.'));
// The full CLI (`shimctl …`). The HTTP server (fastify and its routes, ~1 MB) is a bundle of its
// own, required only by `shimctl serve`: every other command would parse it for nothing.
const httpApart = {
  name: 'http-apart',
  setup(b) {
    b.onResolve({ filter: /(?:^\.|\/http)\/createHttpServer\.js$/ }, () => ({ path: './http.cjs', external: true }));
    b.onResolve({ filter: /^\.\/http\.cjs$/ }, () => ({ path: './http.cjs', external: true }));
  },
};
await build({
  ...common,
  entryPoints: { shimctl: 'src/interfaces/cli/entry.ts' },
  plugins: [treeSitterCjs, httpApart],
});
await build({ ...common, entryPoints: { http: 'src/interfaces/http/createHttpServer.ts' } });
// The dashboard: one script for the browser (it shares the domain's makeVisible/showControls with
// the terminal views), its page and its style sheet, served by the HTTP server from dist/ui.
await build({
  ...common,
  outdir: 'dist/ui',
  outExtension: {},
  platform: 'browser',
  format: 'iife',
  target: 'chrome110',
  entryPoints: { dashboard: 'src/interfaces/http/ui/dashboard.ts' },
});
for (const f of ['index.html', 'dashboard.css']) copyFileSync(`src/interfaces/http/ui/${f}`, `dist/ui/${f}`);
// The resident process's shipping thread (src/infrastructure/daemon/shipSupervisor.ts starts it
// by path beside the hot bundle): a bundle of its own, so no command loads it.
await build({ ...common, entryPoints: { shipWorker: 'src/infrastructure/audit/ship/shipWorker.ts' } });
// Shipping's ack wrapper runs in pino's transport worker, which loads it by path beside the bundle.
copyFileSync('src/infrastructure/audit/ship/shipAck.cjs', 'dist/shipAck.cjs');
chmodSync('bin/shimctl.cjs', 0o755);

// The hot-path bundle the shims load on every command (and the resident review process): only
// `__shim` and `daemon`. node:crypto is swapped for a stand-in that loads the real module on
// first use (see src/interfaces/hotpath/lazyCrypto.ts): the per-command allow path never needs it.
const lazyCrypto = {
  name: 'lazy-node-crypto',
  setup(b) {
    const stand = resolvePath('src/interfaces/hotpath/lazyCrypto.ts');
    b.onResolve({ filter: /^(node:)?crypto$/ }, (args) =>
      args.importer === stand ? { path: 'node:crypto', external: true } : { path: stand },
    );
  },
};
// Code the hot path rarely runs is a bundle of its own in dist/, required from the hot bundle only
// when first used; otherwise every command reads and deserialises it for nothing (docs/hotpath.md):
// the Rego engine with execa (its `opa eval` subprocess), ~270 KB, used only when the config selects
// Rego; js-yaml, ~110 KB, used only for a YAML config file. A plain require, not import(): the shim
// entry runs the bundle through vm.Script, which has no dynamic-import hook.
const APART = [
  { file: 'rego.cjs', entry: 'src/infrastructure/rego/createRegoEngine.ts', filter: /\/rego\/createRegoEngine\.js$/ },
  { file: 'yaml.cjs', entry: 'node_modules/js-yaml/index.js', filter: /^js-yaml$/ },
  // The shell grammar (web-tree-sitter + tree-sitter-bash), loaded only for text that is not a
  // plain simple command; its two .wasm files are copied next to it below.
  {
    file: 'grammar.cjs',
    entry: 'src/infrastructure/shellGrammar/treeSitterBash.ts',
    filter: /\/shellGrammar\/treeSitterBash\.js$/,
  },
  // The resident process's shipping supervisor, loaded once by `daemon run` (not per command).
  {
    file: 'shipSupervisor.cjs',
    entry: 'src/infrastructure/daemon/shipSupervisor.ts',
    filter: /\/daemon\/shipSupervisor\.js$/,
  },
];
const apart = {
  name: 'bundles-apart',
  setup(b) {
    for (const { file, filter } of APART) {
      b.onResolve({ filter }, () => ({ path: file, namespace: 'apart' }));
    }
    b.onLoad({ filter: /.*/, namespace: 'apart' }, (args) => ({
      contents: `module.exports = require('./${args.path}');`,
      loader: 'js',
    }));
    b.onResolve({ filter: /^\.\/[A-Za-z]+\.cjs$/ }, (args) => ({ path: args.path, external: true }));
  },
};
// cosmiconfig's loaders require node:fs/promises at load (~1.5 ms per Node start) for the async
// loaders shimctl never calls: the hot bundle gets a stand-in that loads it on first property use.
const lazyFsPromises = {
  name: 'lazy-fs-promises',
  setup(b) {
    b.onResolve({ filter: /^(node:)?fs\/promises$/ }, (args) =>
      args.namespace === 'lazy-builtin'
        ? { path: 'node:fs/promises', external: true }
        : { path: 'fs/promises', namespace: 'lazy-builtin' },
    );
    b.onLoad({ filter: /.*/, namespace: 'lazy-builtin' }, () => ({
      contents:
        "let real; module.exports = new Proxy({}, { get(_, key) { real ??= require('node:fs/promises'); return real[key]; } });",
      loader: 'js',
    }));
  },
};
await build({
  ...common,
  entryPoints: { shim: 'src/interfaces/hotpath/shimMain.ts' },
  plugins: [lazyCrypto, lazyFsPromises, apart, httpApart],
});
for (const { file, entry } of APART) {
  await build({
    ...common,
    entryPoints: { [file.replace(/\.cjs$/, '')]: entry },
    plugins: [lazyCrypto, treeSitterCjs],
  });
}

copyGrammarWasm(resolvePath('.'), 'dist');
