import { positionals } from '../../../policy/argView.js';
import { parseArgv } from '../../parseArgv.js';
import { gitGlobals } from './globalOptions.js';
import { EVERYDAY_MODELS } from './everydayModels.js';
import { HISTORY_MODELS } from './historyModels.js';

/**
 * The repositories a git command reaches over ssh in git's scp-like form without a user
 * (`git fetch 127.0.0.1:repo`, `git clone internal.host:x`): a word with a `:` before any `/`
 * and no `://` is `host:path` to git (connect.c, url_is_local_not_ssh), which findUrls reads only
 * with a `user@`. As `ssh://host/path` they go to the URL policy (loopback, metadata, private
 * addresses). Issue 12, "network targets not judged".
 */
const REACHES_REMOTE = new Set(['fetch', 'pull', 'clone', 'ls-remote', 'push', 'submodule']);

/** `host:path` (or `user@host:path`) as `ssh://host/path`; undefined for anything else. */
function scpLike(word: string): string | undefined {
  if (word.includes('://')) return undefined;
  const m = /^((?:[^\s/:@]+@)?[^\s/:@[\]]+):(?!\/\/)(.*)$/.exec(word);
  return m ? `ssh://${m[1]}/${m[2]!.replace(/^\/+/, '')}` : undefined;
}

/**
 * The scp-like targets in `git ARGS`. fetch's and pull's repository is its model's first operand
 * (a refspec `main:main` after it is no host); for the others every operand counts (a refspec
 * read as a host `main` is harmless to the URL policy).
 */
export function gitScpTargets(args: readonly string[]): string[] {
  const at = gitGlobals(args).sub;
  const sub = args[at];
  if (sub === undefined || !REACHES_REMOTE.has(sub)) return [];
  const rest = args.slice(at + 1);
  const model = sub === 'fetch' ? EVERYDAY_MODELS.fetch : sub === 'pull' ? HISTORY_MODELS.pull : undefined;
  const words = model ? parseArgv(model, rest).operands.slice(0, 1) : positionals(rest);
  return words.flatMap((w) => {
    const url = scpLike(w);
    return url === undefined ? [] : [url];
  });
}
