// A bounded walk of a directory tree for the review's "what would a recursive read print"
// question. Bounded in entries visited so a huge tree costs a few milliseconds, not seconds.
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** Directories a recursive search rarely needs and that are large: skipped, not counted. */
const SKIPPED_DIRS = new Set(['.git', 'node_modules']);

/**
 * `followsLinks`, for a reader that enters directory links (`grep -R`, `zip -r`, `tar -h`,
 * `diff -r`): `dirLinks` lists the entries that are symbolic links to directories, which the walk
 * does not enter and the review judges as recursive reads of where they lead (attack pass 16:
 * `up -> ..` made `grep -R` print HOME's keys). Without it `dirLinks` is empty.
 */
export function listFilesUnder(
  absDir: string,
  limit: number,
  options: { followsLinks?: boolean } = {},
): { files: string[]; complete: boolean; dirLinks: string[] } {
  const files: string[] = [];
  const dirLinks: string[] = [];
  // A directory skipped for its files (SKIPPED_DIRS) is still walked for directory links when a
  // reader follows them: node_modules/awsx -> ~/.aws made `grep -R` print the keys (attack pass 17).
  const stack: Array<{ dir: string; linksOnly: boolean }> = [{ dir: absDir, linksOnly: false }];
  let visited = 0;
  while (stack.length) {
    const { dir, linksOnly } = stack.pop()!;
    let entries;
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      continue; // unreadable for us means unreadable for the command too
    }
    for (const e of entries) {
      if (++visited > limit) return { files, complete: false, dirLinks };
      const p = join(dir, e.name);
      if (e.isDirectory()) {
        const skipped = linksOnly || SKIPPED_DIRS.has(e.name);
        if (!skipped || options.followsLinks === true) stack.push({ dir: p, linksOnly: skipped });
      } else if (e.isSymbolicLink()) {
        if (!linksOnly) files.push(p);
        if (options.followsLinks === true && isDirectory(p)) dirLinks.push(p);
      } else if (e.isFile() && !linksOnly) files.push(p);
    }
  }
  return { files, complete: true, dirLinks };
}

function isDirectory(p: string): boolean {
  try {
    return statSync(p, { throwIfNoEntry: false })?.isDirectory() === true;
  } catch {
    return false;
  }
}
