// Finds URL targets in a command's words. A URL counts where a program would take it as one:
// a whole word, or the value after `=` (`--url=...`, `-Dproxy=...`). Text inside a longer
// sentence (`git commit -m "see http://..."`) is data and is not a target.
import { classifyHost } from './classifyHost.js';
import { bareTargetsOfHttpClient, isHttpClient } from './httpClientArgs.js';
import { parseUrl } from './parseUrl.js';
import { expandUrlGlob } from '../policy/curlGlob.js';

const SCHEME_URL = /^[\u0000-\u0020]*[A-Za-z][A-Za-z0-9+.-]*:[/\\]{2}.*/s;
/** Special schemes need no `//`: `http:/host`, `http:host` and `http:\\host` all reach host. */
const SPECIAL_URL = /^[\u0000-\u0020]*(?:https?|wss?|ftp)(?:\+[A-Za-z]+)?:.+/is;
/** Schemes that reach something without `//` (`file:/etc/passwd`, `data:...`, `javascript:...`). */
const OPAQUE_DANGEROUS = /^(file|data|javascript|vbscript|gopher|dict|ldap|ldaps|tftp|jar|netdoc|phar|expect|smb):\S+/i;
/** `git@github.com:org/repo.git`, `deploy@10.0.0.5:/srv`: git's and scp's ssh form. */
const SCP_LIKE = /^([^@\s/:]+)@(\[[^\]\s]+\]|[^\s/:@[\]]+):(?!\/\/)(\S*)$/;

/**
 * A scheme-less word is only a target if it reads as `host[:port][/path]`: a header value or a
 * JSON body left over from an option we do not know is not a URL, and curl would not take it
 * as one either.
 */
function parsesAsHost(target: string): boolean {
  const parsed = parseUrl(`http://${target}`);
  if (!parsed?.host) return false;
  return classifyHost(parsed.host).ok && (parsed.port === undefined || /^\d{0,5}$/.test(parsed.port));
}

/**
 * curl guesses the protocol of a scheme-less URL from the host's first label (urlapi.c):
 * `curl dict.localhost:11211/stat` speaks DICT, not HTTP. Other clients assume http.
 */
const CURL_GUESSED = /^(ftp|dict|ldap|imap|smtp|pop3)\./i;
const isCurl = (command: string): boolean => command.slice(command.lastIndexOf('/') + 1) === 'curl';
function guessedScheme(command: string, target: string): string {
  if (!isCurl(command)) return 'http';
  return CURL_GUESSED.exec(target)?.[1]?.toLowerCase() ?? 'http';
}

function urlAt(text: string): string | undefined {
  const full = SCHEME_URL.exec(text) ?? SPECIAL_URL.exec(text);
  if (full) return full[0];
  const opaque = OPAQUE_DANGEROUS.exec(text);
  if (opaque) return opaque[0];
  const scp = SCP_LIKE.exec(text);
  if (scp) return `ssh://${scp[1]}@${scp[2]}/${scp[3]!.replace(/^\//, '')}`;
  return undefined;
}

const NONE: string[] = [];

function urlsInWord(word: string): string[] {
  // Every form above (`scheme:`, `user@host:path`) has a colon: most words have none.
  if (!word.includes(':')) return NONE;
  const found: string[] = [];
  const whole = urlAt(word);
  if (whole) found.push(whole);
  // `--url=http://x`, `-Dhttp.proxy=http://x`, `url.x.insteadOf=file:///etc`: an option or
  // setting name, `=`, then the URL. A `=` inside a URL (`?next=http://...`) is the URL's data.
  const setting = /^-{0,2}[A-Za-z0-9_.-]+=/.exec(word);
  if (setting) {
    const inner = urlAt(word.slice(setting[0].length));
    if (inner) found.push(inner);
  }
  return found;
}

/**
 * Every URL target in `words` (`words[0]` is the command name). Scheme-less targets of HTTP
 * clients (`curl 169.254.169.254`, `wget localhost:3000`) are returned with `http://` in front,
 * the scheme those clients assume, and scp-like `user@host:path` as `ssh://user@host/path`.
 */
export function findUrls(words: string[]): string[] {
  const out = new Set<string>();
  for (let i = 1; i < words.length; i++) for (const url of urlsInWord(words[i]!)) out.add(url);
  if (words.length > 0 && isHttpClient(words[0]!)) {
    const curl = isCurl(words[0]!);
    for (const target of bareTargetsOfHttpClient(words)) {
      if (curl && GLOB_CHARS.test(target)) for (const url of curlGlobTargets(target)) out.add(url);
      else if (target.startsWith('unix:')) out.add(target);
      else if (!urlAt(target) && parsesAsHost(target)) out.add(`${guessedScheme(words[0]!, target)}://${target}`);
    }
  }
  return [...out];
}

const GLOB_CHARS = /[{}[\]]/;

/**
 * curl globs its URL arguments (curlGlob.ts): `{http://169.254.169.254/}`, `http{,s}://h/` and
 * `[1-1]0.0.0.1` reach hosts no word spells (attack pass 15). Each combination is a target; one
 * that is neither a URL nor a host is returned behind `http://` (as curl would guess it), and a glob
 * that cannot be listed behind `http://%/`, which does not parse, so the URL policy asks
 * (url.malformed). With `-g` curl takes
 * the word literally: judging the combinations too only adds targets.
 */
function curlGlobTargets(target: string): string[] {
  const g = expandUrlGlob(target);
  // `%` alone is a bad percent-encoding in the host: the target as written, never parsed (asks).
  if (!g) return [`http://%/${target}`];
  return g.combos.map(({ url }) => {
    const full = urlAt(url);
    if (full) return full;
    return `${guessedScheme('curl', url)}://${url}`;
  });
}
