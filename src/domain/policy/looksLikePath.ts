/** Looks enough like a path to be worth resolving: names a directory, a dotfile, or home. */
export function looksLikePath(word: string): boolean {
  return word.includes('/') || word.startsWith('.') || word.startsWith('~');
}
