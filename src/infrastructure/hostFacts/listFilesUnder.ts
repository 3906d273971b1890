// A bounded walk of a directory tree for the review's "what would a recursive read print"
// question. Bounded in entries visited so a huge tree costs a few milliseconds, not seconds.
import { type Dirent, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** Directories a recursive search rarely needs and that are large: skipped, not counted. */
const SKIPPED_DIRS = new Set(['.git', 'node_modules']);

/**
 * `followsLinks`, for a reader that follows the links it meets (`grep -R`, `zip -r`, `tar -h`,
 * `diff -r`): links to files are listed with the files (judged where they lead), and `dirLinks`
 * lists the links to directories, which the walk does not enter and the review judges as
 * recursive reads of where they lead (attack pass 16: `up -> ..` made `grep -R` print HOME's
 * keys). Without it no link is listed: such a reader does not read through them.
 */
export function listFilesUnder(
  absDir: string,
  limit: number,
  options: { followsLinks?: boolean } = {},
  listed?: (dir: string, entries: readonly Dirent[]) => void,
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
    // The review looks for project files in every directory of the tree (projectFilesAbove.ts).
    listed?.(dir, entries);
    for (const e of entries) {
      if (++visited > limit) return { files, complete: false, dirLinks };
      const p = join(dir, e.name);
      if (e.isDirectory()) {
        const skipped = linksOnly || SKIPPED_DIRS.has(e.name);
        if (!skipped || options.followsLinks === true) stack.push({ dir: p, linksOnly: skipped });
      } else if (e.isSymbolicLink()) {
        // A reader that does not follow links meets them only as links: `grep -r`, rg and ag skip
        // them, tar (no -h), zip -y and git store the link itself, gzip -r ignores it. Judged as
        // the file it reads would wrongly block `grep -r KEY .` beside a link to ~/.aws.
        if (options.followsLinks !== true) continue;
        if (!linksOnly) files.push(p);
        if (isDirectory(p)) dirLinks.push(p);
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
