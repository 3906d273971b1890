// vitest globalSetup: the run must not leave anything in the temporary directory. The run gets a
// private one (`<tmp>/shimctl-run-XXXXXX`, passed to every worker and child as TMPDIR), so other
// runs sharing /tmp at the same time are not counted and a leak is named exactly. At the end
// whatever is left in it fails the run (SHIMCTL_TEMP_CHECK=warn only reports it, `off` skips the
// check and keeps the shared TMPDIR); the private directory itself is removed either way.
// Tests make their directories with test/support/tempDirs.ts, which removes them.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export default function setup(): () => void {
  const mode = process.env.SHIMCTL_TEMP_CHECK ?? 'fail';
  if (mode === 'off') return () => undefined;
  const shared = process.env.TMPDIR;
  const runDir = mkdtempSync(join(tmpdir(), 'shimctl-run-'));
  process.env.TMPDIR = runDir;
  return () => {
    if (shared === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = shared;
    const left = readdirSync(runDir);
    // chmod first: a test may leave a directory it made unreadable.
    spawnSync('chmod', ['-R', 'u+rwx', runDir]);
    rmSync(runDir, { recursive: true, force: true, maxRetries: 3 });
    if (left.length === 0) return;
    const message = `the tests left ${left.length} entries in the temporary directory: ${left.slice(0, 20).join(', ')} (make them with test/support/tempDirs.ts)`;
    if (mode === 'warn') {
      process.stderr.write(`warning: ${message}\n`);
      return;
    }
    // vitest reports an error thrown here but still exits 0: the exit code is set by hand.
    process.stderr.write(`error: ${message}\n`);
    process.exitCode = 1;
  };
}
