/**
 * The variables a command may reference with `$NAME`/`${NAME}`: the one list (docs/shell.md).
 * Why these: they are what agents actually expand (`$HOME/bin`, `"$PWD"`, `$PATH`, `$TMPDIR`),
 * their values come from the request's environment (the shim's or the guard's), and none of them
 * holds a secret (a test checks none matches the audit's secret names). Anything else, `$GITHUB_TOKEN`
 * included, is refused: the review would have to judge a value it must not read or cannot know.
 * `PWD` is not taken from the environment: it is the directory the part is judged in.
 */
export const KNOWN_VARIABLES = ['HOME', 'PWD', 'USER', 'LOGNAME', 'PATH', 'SHELL', 'TMPDIR', 'LANG'] as const;

/** The ones read from the request's environment (PWD is the review's own directory). */
export const ENVIRONMENT_VARIABLES: readonly string[] = KNOWN_VARIABLES.filter((n) => n !== 'PWD');

const KNOWN = new Set<string>(KNOWN_VARIABLES);
export function isKnownVariable(name: string): boolean {
  return KNOWN.has(name);
}
