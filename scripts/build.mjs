// Bundles the CLI into CommonJS files so no command, and above all not the hot path, ever
// loads TypeScript or tsx at run time.
import { build } from 'esbuild';
import { chmodSync } from 'node:fs';
import { resolve as resolvePath } from 'node:path';

const common = {
  outdir: 'dist',
  outExtension: { '.js': '.cjs' },
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  // cosmiconfig requires the TypeScript compiler lazily for .ts configs, which shimctl never
  // loads; bundling it would add ~10 MB to parse on every call.
  external: ['typescript'],
  sourcemap: false,
  minify: false,
  legalComments: 'none',
  logLevel: 'warning',
};

// The full CLI (`shimctl …`).
await build({ ...common, entryPoints: { shimctl: 'src/interfaces/cli/entry.ts' } });
chmodSync('bin/shimctl.cjs', 0o755);

// The hot-path bundle the shims load on every command (and the resident review process): only
// `__shim` and `daemon`. node:crypto is swapped for a stand-in that loads the real module on
// first use (see src/interfaces/hotpath/lazyCrypto.ts): the per-command allow path never needs it.
const lazyCrypto = {
  name: 'lazy-node-crypto',
  setup(b) {
    const stand = resolvePath('src/interfaces/hotpath/lazyCrypto.ts');
    b.onResolve({ filter: /^(node:)?crypto$/ }, (args) => (args.importer === stand ? { path: 'node:crypto', external: true } : { path: stand }));
  },
};
// The Rego engine (and execa, which only its `opa eval` subprocess uses) is a bundle of its own,
// dist/rego.cjs, loaded by the hot path only when the config selects Rego: ~300 KB that every
// command would otherwise read and deserialise for nothing (docs/hot-path.md).
const REGO_ENTRY = 'src/infrastructure/rego/createRegoEngine.ts';
const regoApart = {
  name: 'rego-in-its-own-bundle',
  setup(b) {
    // A plain require, not import(): the shim entry runs the bundle through vm.Script, which has no
    // dynamic-import hook.
    b.onResolve({ filter: /\/rego\/createRegoEngine\.js$/ }, () => ({ path: 'rego', namespace: 'rego-apart' }));
    b.onLoad({ filter: /.*/, namespace: 'rego-apart' }, () => ({ contents: "module.exports = require('./rego.cjs');", loader: 'js' }));
    b.onResolve({ filter: /^\.\/rego\.cjs$/ }, () => ({ path: './rego.cjs', external: true }));
  },
};
await build({ ...common, entryPoints: { shim: 'src/interfaces/hotpath/shimMain.ts' }, plugins: [lazyCrypto, regoApart] });
await build({ ...common, entryPoints: { rego: REGO_ENTRY }, plugins: [lazyCrypto] });
