/**
 * `grep -rn --include=*.ts import .`: bash expands that word only if a file in the working
 * directory is literally named `--include=….ts`, and an expansion can only produce more
 * `--include=…` words, which change nothing but grep's own file filter. So for the search tools'
 * filter options an unquoted glob after `=` is harmless, and the words are taken as written.
 * Anywhere else a glob stays refused (`sed --expression=*` would expand to a file named
 * `--expression=e id` that the agent wrote with its file tool).
 */
const SEARCH_TOOLS = new Set(['grep', 'egrep', 'fgrep', 'zgrep', 'rg', 'ag']);
const FILTER_OPTIONS = new Set(['--include', '--exclude', '--exclude-dir', '--glob', '--iglob']);
const ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*=/;

/** Whether every word holding an unquoted glob is a search tool's filter option value. */
export function globsAreFilterOptions(words: readonly string[], globWords: readonly number[]): boolean {
  const cmd = words.findIndex((w) => !ASSIGNMENT.test(w));
  if (cmd < 0 || !SEARCH_TOOLS.has(words[cmd]!)) return false;
  return (
    globWords.length > 0 &&
    globWords.every((i) => {
      if (i <= cmd) return false;
      const w = words[i]!;
      const eq = w.indexOf('=');
      return eq > 0 && FILTER_OPTIONS.has(w.slice(0, eq));
    })
  );
}
