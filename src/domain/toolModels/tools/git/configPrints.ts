// Which git commands print values of the repository's config (attack pass 18, F11): `git remote
// -v`, `get-url` and `show` print remote URLs as stored; `git config -l`, regexp gets and the
// 2.46 `list` print every value; a get of one name prints that value. The review asks this
// only where the config holds a credential (review/gitConfigPrints.ts).
import { makeArgView, positionals } from '../../../policy/argView.js';

/** Config names whose values may carry the credential: remote URLs, URL rewrites, http settings. */
const CREDENTIAL_NAMES = /^(?:remote\..*\.(?:url|pushurl)|url\..*|http\..*)$/i;
/** Options that print many values at once (`git config --list`, `--get-regexp`, the 2.46 `list`). */
const LISTS = /^(?:-[a-zA-Z]*l[a-zA-Z]*|--list|--get-regexp|--get-urlmatch|--show-origin|--show-scope)$/;
/** Options naming another file: the repository's config is not what they print. */
const OTHER_FILE = /^(?:--global|--system|--blob(?:=.*)?|-f|--file(?:=.*)?)$/;

/** How the command names itself when it prints config values that may carry a credential; undefined when it does not. */
export function printsConfigValues(args: readonly string[]): string | undefined {
  const { sub, rest } = makeArgView('git', args);
  const [name, action] = sub;
  if (name === 'config') {
    if (rest.some((a) => OTHER_FILE.test(a))) return undefined;
    const words = [...sub.slice(1), ...positionals(rest)];
    if (rest.some((a) => LISTS.test(a)) || words[0] === 'list' || words.some((w) => CREDENTIAL_NAMES.test(w)))
      return 'git config';
    return undefined;
  }
  if (name === 'remote') {
    if (action === 'get-url' || action === 'show' || rest.some((a) => a === '-v' || a === '--verbose'))
      return `git remote ${action ?? '-v'}`;
    return undefined;
  }
  if (name === 'ls-remote' && rest.some((a) => a === '--get-url')) return 'git ls-remote --get-url';
  // `git var -l` lists every config value with git's own variables (attack pass 21, F5).
  if (name === 'var' && rest.some((a) => a === '-l')) return 'git var -l';
  return undefined;
}
