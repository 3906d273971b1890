/**
 * Apache's htpasswd (httpd support/htpasswd.c): its names and option letters, read as its
 * apr_getopt reads them (`cnmspdBbDi25C:r:v`: clusters, `-C`/`-r` take a value attached or as the
 * next word, options end at the first operand or `--`). It has no option model, so it is asked;
 * the audit's redaction (redactSecrets.ts) finds its password operand here.
 *
 *   htpasswd -b [-c] [-B …] FILE USER PASSWORD      htpasswd -nb [-B …] USER PASSWORD
 *   htpasswd [-c] [-i] FILE USER                    (prompted, or read from stdin with -i)
 */
export const HTPASSWD_NAMES: ReadonlySet<string> = new Set(['htpasswd', 'htpasswd2']);

/** Options whose value follows (`-C 12`, `-C12`, `-r 10000`). */
const VALUE_OPTIONS = new Set(['C', 'r']);

/**
 * The index in `args` (the words after the command name) of the password given on the command
 * line (`-b`), or undefined when there is none (prompted, `-i` without `-b`, too few operands).
 */
export function htpasswdPasswordIndex(args: readonly string[]): number | undefined {
  let batch = false;
  let noFile = false;
  let i = 0;
  for (; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '--') {
      i++;
      break;
    }
    if (!arg.startsWith('-') || arg === '-') break;
    for (let k = 1; k < arg.length; k++) {
      const letter = arg[k]!;
      if (letter === 'b') batch = true;
      else if (letter === 'n') noFile = true;
      else if (VALUE_OPTIONS.has(letter)) {
        if (k === arg.length - 1) i++;
        break;
      }
    }
  }
  if (!batch) return undefined;
  // The operands: FILE (unless -n), USER, PASSWORD.
  const at = i + (noFile ? 1 : 2);
  return at < args.length ? at : undefined;
}
