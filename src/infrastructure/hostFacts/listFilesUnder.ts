// A bounded walk of a directory tree for the review's "what would a recursive read print"
// question. Bounded in entries visited so a huge tree costs a few milliseconds, not seconds.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

/** Directories a recursive search rarely needs and that are large: skipped, not counted. */
const SKIPPED_DIRS = new Set(['.git', 'node_modules']);

export function listFilesUnder(absDir: string, limit: number): { files: string[]; complete: boolean } {
  const files: string[] = [];
  const stack = [absDir];
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
      if (++visited > limit) return { files, complete: false };
      const p = join(dir, e.name);
      if (e.isDirectory()) {
        if (!SKIPPED_DIRS.has(e.name)) stack.push(p);
      } else if (e.isFile() || e.isSymbolicLink()) files.push(p);
    }
  }
  return { files, complete: true };
}
