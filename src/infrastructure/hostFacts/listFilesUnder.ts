// A bounded walk of a directory tree for the review's "what would a recursive read print"
// question. Bounded in entries visited so a huge tree costs a few milliseconds, not seconds.
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** Directories a recursive search rarely needs and that are large: skipped, not counted. */
const SKIPPED_DIRS = new Set(['.git', 'node_modules']);

/**
 * `dirLinks`: the entries that are symbolic links to directories. The walk does not enter them,
 * but `grep -R`, `zip -r`, `tar -h` and `diff -r` do: the review judges each as a recursive read
 * of where it leads (attack pass 16: `up -> ..` made `grep -R` print HOME's keys).
 */
export function listFilesUnder(
  absDir: string,
  limit: number,
  options: { linksInSkipped?: boolean } = {},
): { files: string[]; complete: boolean; dirLinks: string[] } {
  const files: string[] = [];
  const dirLinks: string[] = [];
  const stack = [absDir];
  // Directories skipped for files, still walked for directory links (options.linksInSkipped).
  const skipped: string[] = [];
  let visited = 0;
  while (stack.length) {
    const dir = stack.pop()!;
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
        if (!SKIPPED_DIRS.has(e.name)) stack.push(p);
        // A reader that follows links finds them in node_modules and .git too (attack pass 17:
        // node_modules/awsx -> ~/.aws made `grep -R` print the keys): walked for links only.
        else if (options.linksInSkipped === true) skipped.push(p);
      } else if (e.isFile()) files.push(p);
      else if (e.isSymbolicLink()) {
        files.push(p);
        if (isDirectory(p)) dirLinks.push(p);
      }
    }
  }
  while (skipped.length) {
    const dir = skipped.pop()!;
    let entries;
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      continue;
    }
    for (const e of entries) {
      if (++visited > limit) return { files, complete: false, dirLinks };
      const p = join(dir, e.name);
      if (e.isDirectory()) skipped.push(p);
      else if (e.isSymbolicLink() && isDirectory(p)) dirLinks.push(p);
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
