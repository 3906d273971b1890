// Bundles the CLI into one CommonJS file so the hot path never loads TypeScript or tsx.
import { build } from 'esbuild';
import { chmodSync } from 'node:fs';
import { resolve as resolvePath } from 'node:path';

await build({
  entryPoints: { shimctl: 'src/interfaces/cli/entry.ts' },
  outdir: 'dist',
  outExtension: { '.js': '.cjs' },
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  // cosmiconfig requires the TypeScript compiler lazily for .ts configs, which shimctl never
  // loads; bundling it would add ~10 MB to parse on every CLI call.
  external: ['typescript'],
  sourcemap: false,
  minify: false,
  legalComments: 'none',
  logLevel: 'warning',
});
chmodSync('bin/shimctl.cjs', 0o755);

// The hot-path bundle the shims load on every command (and the resident review process): only
// `__shim` and `daemon`. TypeScript is external because cosmiconfig's never-used `.ts` loader
// would otherwise pull 9.7 MB into the bundle, and parsing it dominated the per-command cost.
// node:crypto is swapped for a stand-in that loads the real module on first use (see
// src/interfaces/hotpath/lazyCrypto.ts): the per-command core's allow path never needs it.
const lazyCrypto = {
  name: 'lazy-node-crypto',
  setup(b) {
    const stand = resolvePath('src/interfaces/hotpath/lazyCrypto.ts');
    b.onResolve({ filter: /^(node:)?crypto$/ }, (args) => (args.importer === stand ? { path: 'node:crypto', external: true } : { path: stand }));
  },
};

await build({
  entryPoints: { shim: 'src/interfaces/hotpath/shimMain.ts' },
  plugins: [lazyCrypto],
  outdir: 'dist',
  outExtension: { '.js': '.cjs' },
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  external: ['typescript'],
  sourcemap: false,
  minify: false,
  legalComments: 'none',
  logLevel: 'warning',
});
