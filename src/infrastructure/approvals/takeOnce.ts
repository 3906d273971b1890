import { renameSync } from 'node:fs';
import { join } from 'node:path';
import { readOwnedFile, removeQuietly } from '../files/ownerOnlyFiles.js';

let taken = 0;

/**
 * Takes a single-use file (a hook pass, an expected command end): renamed first, so of two takers
 * only one gets it, then read (owner-only, at most `maxBytes`) and removed. Undefined when it is
 * not there, was taken first, or is not a file of ours. The claimed name
 * (`.<name>.<pid>.<n>.taken`) is its taker's to remove; a sweep leaves it alone.
 */
export function takeOnce(dir: string, name: string, maxBytes = 1024): Buffer | undefined {
  const claimed = join(dir, `.${name}.${process.pid}.${++taken}.taken`);
  try {
    renameSync(join(dir, name), claimed);
  } catch {
    return undefined;
  }
  try {
    return readOwnedFile(claimed, maxBytes);
  } finally {
    removeQuietly(claimed);
  }
}
