// How git splits `REV:path` (gitrevisions(7)): at the first colon outside braces, so
// `@{23:59}:.env` and `HEAD@{2026-12-03 05:30:00}:x` name `.env` and `x` (attack pass 21, F1:
// the colon inside `@{…}` hid the path), and a revision may hold `/` (`origin/main:.env`,
// attack pass 20). `:path` and `:N:path` name the index's blob; `:/text` is a commit found by
// its message, and a URL (`https://…`) is no blob.

/** The revision and path of a `REV:path` word, or undefined when the word names no blob. */
export function splitRevPath(word: string): { rev: string; path: string } | undefined {
  if (word.startsWith(':/') || word.includes('://')) return undefined;
  let depth = 0;
  for (let i = 0; i < word.length; i++) {
    const c = word[i];
    if (c === '{') depth++;
    else if (c === '}' && depth > 0) depth--;
    else if (c === ':' && depth === 0) {
      const rev = word.slice(0, i);
      let path = word.slice(i + 1);
      if (rev === '') path = path.replace(/^[0-3]:/, '');
      if (path === '' || path.startsWith('/')) return undefined;
      return { rev, path };
    }
  }
  return undefined;
}

/** Whether a word names one blob or tree by `REV:path`, `:path` or `:N:path`. */
export const namesBlob = (word: string): boolean => splitRevPath(word) !== undefined;
