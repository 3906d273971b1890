/**
 * The command search path the review resolves names on, and the one the command runs with.
 * bash and dash also search an empty entry (`A::B`, a leading or trailing `:`, or an empty
 * PATH: the current directory), a relative one (`.`, `bin`) and, bash only, `~/bin` (it expands a
 * leading `~` in entries). The review cannot know what those hold when the command runs, so
 * they are removed from both sides: only absolute entries remain, in order.
 */
export function absoluteSearchPath(path: string): string {
  return path
    .split(':')
    .filter((dir) => dir.startsWith('/'))
    .join(':');
}

/**
 * A value with no usable entry. An empty PATH means "the current directory" to bash and dash,
 * and an unset one makes bash use a default that ends in `.`: `/dev/null` is not a directory,
 * so every lookup misses, as the review's does.
 */
export const NO_SEARCH_PATH = '/dev/null';

/** PATH for the environment a command runs with (undefined stays undefined). */
export function runnableSearchPath(path: string | undefined): string | undefined {
  if (path === undefined) return undefined;
  const clean = absoluteSearchPath(path);
  return clean === '' ? NO_SEARCH_PATH : clean;
}
