import { QuoteTracker, quotedValueEnd, shellValueEnd } from './shellValue.js';

/*
 * `NAME_TOKEN=value`, `export FOO_KEY=value`, `--env X_SECRET=value`, read in one pass.
 *
 * The regex this replaces (`(?<![A-Za-z0-9_$])(?:SECRET_NAME)=VALUE`, SECRET_NAME in
 * secretPatterns.ts) used a lazy `[A-Za-z0-9_.-]*?` before the keyword and a tail after it, and
 * could start after every `.` and `-`: `x.TOKEN` × N cost O(n²). Every character a name may hold
 * is in [A-Za-z0-9_.-] and `=` is not, so a name is always a whole run of those characters that
 * ends right before `=`. Within one run only two starts can differ in outcome (see isSecretName):
 * the first, and the one after the last `.`/`-`.
 */

const KEYWORD = /TOKEN|SECRET|PASSWORD|PASSWD|PASSPHRASE|CREDENTIAL|API_?KEY|ACCESS_?KEY|PRIVATE_?KEY/i;
const UNDERSCORE_NAME = /^[A-Za-z_][A-Za-z0-9_]*_(?:KEY|PASS|PWD|AUTH)$/i;
const BARE_NAME = /^(?:KEY|PASS|AUTH|_AUTH)$/i;
const LEADING_KEYWORD = /^(?:TOKEN|SECRET|PASSWORD|PASSWD|PASSPHRASE)[A-Za-z0-9_]*$/i;
/** PWD and OLDPWD hold paths. (Neither matches SECRET_NAME today; kept so a widened list cannot catch them.) */
const PATH_NAME = /^(?:OLD)?PWD$/i;

/**
 * Whether `name`, made only of [A-Za-z0-9_.-], matches SECRET_NAME as a whole:
 * - a keyword (TOKEN, SECRET, …) after the first character, followed only by [A-Za-z0-9_]: so it
 *   lies after the last `.`/`-`;
 * - or, with no `.`/`-` at all: `X_KEY`-style, a bare KEY/PASS/AUTH/_AUTH, or a leading keyword.
 */
export function isSecretName(name: string): boolean {
  if (!/^[A-Za-z_]/.test(name) || PATH_NAME.test(name)) return false;
  const lastSep = Math.max(name.lastIndexOf('.'), name.lastIndexOf('-'));
  if (KEYWORD.test(name.slice(Math.max(1, lastSep + 1)))) return true;
  if (lastSep >= 0) return false;
  // SSHPASS: `sshpass -e` reads the password from it, spelt so exactly (attack pass 14).
  return UNDERSCORE_NAME.test(name) || BARE_NAME.test(name) || LEADING_KEYWORD.test(name) || name === 'SSHPASS';
}

/** A start of a name: a letter or `_` not preceded by [A-Za-z0-9_$] (the old lookbehind). */
function canStart(text: string, at: number): boolean {
  if (!/[A-Za-z_]/.test(text[at] ?? '')) return false;
  return at === 0 || !/[A-Za-z0-9_$]/.test(text[at - 1]!);
}

/** Each `NAME=VALUE` with a secret name, in order: [start of name, end of `=`, end of value]. */
export function* secretAssignments(text: string): Generator<[number, number, number]> {
  const run = /[A-Za-z0-9_.-]+/g;
  let quotes: QuoteTracker | undefined;
  for (let m = run.exec(text); m; m = run.exec(text)) {
    const end = m.index + m[0].length;
    if (text[end] !== '=') continue;
    // Starts between the first and the last separator all see the same final segment and a
    // separator, so they agree with the first; only the first and the one after the last
    // separator need trying, in that order (leftmost wins, as in the regex).
    let first = -1;
    for (let s = m.index; s < end; s++) {
      if (canStart(text, s)) {
        first = s;
        break;
      }
    }
    if (first < 0) continue;
    const lastSep = m.index + Math.max(m[0].lastIndexOf('.'), m[0].lastIndexOf('-'));
    const candidates =
      lastSep >= first && lastSep + 1 < end && canStart(text, lastSep + 1) ? [first, lastSep + 1] : [first];
    const start = candidates.find((s) => isSecretName(text.slice(s, end)));
    if (start === undefined) continue;
    // The value is read only for a secret name: reading it for every `X=` of `PWD=PWD=…` (no
    // blank, so each value runs to the end) cost O(n²).
    // In a word that a quote opened (`echo "password=x" && rm -f f`) the value ends at the
    // closing quote: read as a word from there, that quote opened a string that ran to the end
    // of the text and hid the rest of the command (attack pass 12).
    quotes ??= new QuoteTracker(text);
    const quote = quotes.wordQuoteAt(start);
    const valueEnd = (quote === 0 ? undefined : quotedValueEnd(text, end + 1, quote)) ?? shellValueEnd(text, end + 1);
    if (valueEnd === end + 1) continue;
    yield [start, end + 1, valueEnd];
    run.lastIndex = valueEnd;
  }
}
