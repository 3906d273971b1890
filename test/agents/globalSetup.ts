// Builds dist/shimctl.cjs once: the agents must run the current code, never a stale bundle.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

export default function setup(): void {
  execFileSync(process.execPath, ['scripts/build.mjs'], { cwd: join(import.meta.dirname, '../..'), stdio: 'inherit' });
}
