// Bundles the CLI into one CommonJS file so the hot path never loads TypeScript or tsx.
import { build } from 'esbuild';
import { chmodSync } from 'node:fs';

await build({
  entryPoints: { shimctl: 'src/interfaces/cli/entry.ts' },
  outdir: 'dist',
  outExtension: { '.js': '.cjs' },
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  sourcemap: false,
  minify: false,
  legalComments: 'none',
  logLevel: 'warning',
});
chmodSync('bin/shimctl.cjs', 0o755);
