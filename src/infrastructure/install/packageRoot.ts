import { existsSync, realpathSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** The installed shimctl package: where `dist/shimctl.cjs` and the `shims/` templates live. */
export interface PackageLayout {
  root: string;
  bundle: string;
  templates: string;
}

/** Walks up from the running script (bin/shimctl.cjs or dist/shimctl.cjs) to the package root. */
export function findPackageRoot(start: string): PackageLayout {
  let dir = dirname(realpathSync(start));
  for (let i = 0; i < 6; i++) {
    const bundle = join(dir, 'dist', 'shimctl.cjs');
    const templates = join(dir, 'shims');
    if (existsSync(bundle) && existsSync(join(templates, 'shim.sh'))) return { root: dir, bundle, templates };
    dir = dirname(dir);
  }
  throw new Error(`cannot find the shimctl package (dist/shimctl.cjs and shims/) above ${start}; run \`npm run build\``);
}
