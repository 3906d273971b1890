/** `command [-p] -v|-V NAME`: the query options must lead; a trailing `-v` belongs to the inner command. */
export function isCommandQuery(args: readonly string[]): boolean {
  for (const a of args) {
    if (/^-p?[vV]p?$/.test(a)) return true;
    if (a !== '-p') return false;
  }
  return false;
}
