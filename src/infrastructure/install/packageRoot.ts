import { existsSync, realpathSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** The installed shimctl package: where `dist/shimctl.cjs` and the `shims/` templates live. */
export interface PackageLayout {
  root: string;
  /** What the shims load: the small hot-path bundle when it is built, else the full CLI. */
  bundle: string;
  templates: string;
}

/** Walks up from the running script (bin/shimctl.cjs or dist/shimctl.cjs) to the package root. */
export function findPackageRoot(start: string): PackageLayout {
  let dir = dirname(realpathSync(start));
  for (let i = 0; i < 6; i++) {
    const full = join(dir, 'dist', 'shimctl.cjs');
    const hot = join(dir, 'dist', 'shim.cjs');
    const templates = join(dir, 'shims');
    if (existsSync(full) && existsSync(join(templates, 'shim.sh')))
      return { root: dir, bundle: existsSync(hot) ? hot : full, templates };
    dir = dirname(dir);
  }
  throw new Error(
    `cannot find the shimctl package (dist/shimctl.cjs and shims/) above ${start}; run \`npm run build\``,
  );
}
