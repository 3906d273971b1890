// One way for a test to get a temporary directory that is gone when its file ends: `tempDir`
// makes it (mkdtemp under the system temporary directory) and an `afterAll` registered when a
// test file imports this module removes every one it made. vitest gives each test file its own
// copy of this module, so the list and the hook are per file. Outside vitest (a script run with
// tsx, such as test/redteam/promoteFixed.ts) they are removed when the process exits.
// tempDirCheck.ts fails the run on any directory a test leaves behind.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';

const made: string[] = [];

/** A fresh directory `<tmp>/<prefix>XXXXXX`, realpath'd (so bash and the review name it alike). */
export function tempDir(prefix: string): string {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), prefix)));
  made.push(dir);
  return dir;
}

/** Removes a tree even when a test left parts of it unreadable or unwritable (chmod 000 cases). */
export function removeTree(dir: string): void {
  try {
    rmSync(dir, { recursive: true, force: true });
  } catch {
    spawnSync('chmod', ['-R', 'u+rwx', dir]);
    rmSync(dir, { recursive: true, force: true });
  }
}

const removeAll = (): void => {
  for (const dir of made.splice(0)) removeTree(dir);
};
if (process.env.VITEST) afterAll(removeAll);
else process.once('exit', removeAll);
