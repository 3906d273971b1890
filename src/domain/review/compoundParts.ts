// Classifies one simple command of a compound: what it does to the shell the later parts run in.
// Only cd/pushd (the directory) and literal assignments/exports (the environment) are followed;
// any other builtin that changes the shell for the later parts is refused in a compound, because
// the later parts would then be judged in a shell that is not the one that runs them.
import { parseArgv } from '../toolModels/parseArgv.js';
import { tarModel } from '../toolModels/tools/tar.js';
import { cpMayMakeLinks } from '../toolModels/tools/copyMove.js';
import { unzipExtracts } from '../toolModels/tools/unzip.js';
import { gitMayMakeLinks, leavesRepositoryAlone } from '../toolModels/tools/git/subcommands.js';
import { CLAUDE_CWD_FILE_NAME } from '../shell/envelopes/claude.js';
import { isCleanAbsPath } from '../shell/envelopes/template.js';
import { makeArgView } from '../policy/argView.js';
import { trackedContentReach } from '../toolModels/tools/git/trackedContent.js';

const ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*=/;

/** Leading `NAME=value` words. */
export function assignmentCount(words: readonly string[]): number {
  let k = 0;
  while (k < words.length && ASSIGNMENT.test(words[k]!)) k++;
  return k;
}

/**
 * The command words after assignments and `builtin`/`command` prefixes (as bash resolves them).
 * `command -p` and `command --` still run the named builtin (`command -p hash -p ./x ls` hashes), so
 * they are skipped too; any other option of `command` (`-v`, `-V`) stops here, leaving `command`
 * itself as the name, which counts as changing the shell.
 */
export function coreWords(words: readonly string[]): string[] {
  let k = assignmentCount(words);
  while (k < words.length - 1 && (words[k] === 'builtin' || words[k] === 'command')) {
    const prefix = words[k];
    let j = k + 1;
    if (prefix === 'command') while (j < words.length - 1 && /^-(?:p+|-)$/.test(words[j]!)) j++;
    if (prefix === 'command' && words[j]!.startsWith('-')) break;
    // `builtin -- cd ..` runs cd like `builtin cd ..` (attack pass 5: the cd went untracked).
    if (prefix === 'builtin' && words[j] === '--' && j < words.length - 1) j++;
    k = j;
  }
  return words.slice(k);
}

/** Builtins whose effect reaches the commands after them (functions, options, traps, fds, hashing, ...). */
const STATEFUL = new Set([
  'set',
  'shopt',
  'hash',
  'enable',
  'alias',
  'trap',
  'exec',
  'source',
  '.',
  'declare',
  'typeset',
  'local',
  'readonly',
  'umask',
  'popd',
  'bind',
  'export',
  'fc',
  'builtin',
  'command',
  'eval',
  // Set or remove variables without a `NAME=` word the review could follow (`printf -v PATH …`).
  'read',
  'mapfile',
  'readarray',
  'getopts',
  'let',
  'unset',
]);

/**
 * `set -e`, `set -euo pipefail`: options that only stop early or fail on unset names. Not `-x`/`-v`:
 * xtrace expands `$PS4` before every later command, and a `PS4` from the environment can run code.
 */
const HARMLESS_SET = /^(?:[-+][eu]+|[-+][eu]*o|pipefail|errexit|nounset)$/;

/**
 * Options off by default in a non-interactive bash (5.2), so turning them off changes nothing the
 * review assumes: `shopt -u NAME` and `shopt -u -o NAME`. Claude's envelope runs `shopt -u extglob`.
 */
const OFF_BY_DEFAULT = new Set([
  'autocd',
  'cdable_vars',
  'cdspell',
  'dirspell',
  'direxpand',
  'dotglob',
  'execfail',
  'extdebug',
  'extglob',
  'failglob',
  'globstar',
  'lastpipe',
  'nocaseglob',
  'nocasematch',
  'nullglob',
  'shift_verbose',
  'xpg_echo',
]);
const SET_OFF_BY_DEFAULT = new Set([
  'allexport',
  'errexit',
  'errtrace',
  'functrace',
  'keyword',
  'noclobber',
  'noexec',
  'noglob',
  'nounset',
  'onecmd',
  'physical',
  'pipefail',
  'posix',
  'privileged',
  'verbose',
  'xtrace',
]);

/**
 * `shopt` that sets nothing: printing or querying (`-p`, `-q`, with any names), or turning off
 * options that are off anyway. bash reads every flag word before the names, so `-q -s`, `-p -s`
 * and `-qs` all set (attack pass 5 found `-q -s` read as a query); a flag bash does not know
 * makes it fail, which is counted as a change too (it is not worth a finer answer).
 */
function harmlessShopt(args: readonly string[]): boolean {
  let k = 0;
  let flags = '';
  while (k < args.length && /^-[a-z]+$/.test(args[k]!)) flags += args[k++]!.slice(1);
  if (args[k] === '--') k++;
  if (flags === '' || /[^upqo]/.test(flags)) return false;
  if (!flags.includes('u')) return true;
  const known = flags.includes('o') ? SET_OFF_BY_DEFAULT : OFF_BY_DEFAULT;
  return args.slice(k).every((name) => known.has(name));
}

/** Whether a part changes the shell for later parts in a way the review does not follow. */
export function changesShell(core: readonly string[]): boolean {
  const [name, ...args] = core;
  // `printf -v NAME`: an assignment the review cannot follow (`printf -v PATH …`).
  if (name === 'printf') return args.some((a) => a.startsWith('-v'));
  if (name === undefined || !STATEFUL.has(name)) return false;
  if (name === 'set') return args.length === 0 || !args.every((a) => HARMLESS_SET.test(a));
  // `command -v git && git status`: a lookup that runs nothing (agents check for a tool this way).
  if (name === 'command') return !/^-[pvV]*[vV][pvV]*$/.test(args[0] ?? '');
  // `hash git`: remembers what PATH gives, as running it would; only `-p` names another program.
  if (name === 'hash') return args.some((a) => /^-/.test(a) && !/^-[rdtl]+$/.test(a));
  if (name === 'shopt') return !harmlessShopt(args);
  // `export NAME=value` / `export NAME`: followed as an assignment of every later part.
  if (name === 'export') return args.some((a) => a.startsWith('-'));
  return true;
}

/**
 * Whether a part can create, move or materialise a symlink. Paths are judged after resolving
 * symlinks *as they are at review time*; a link made by an earlier part of the same text
 * (`ln -s ~ h && grep -r . h/`) does not exist yet then, so the parts after it cannot be judged.
 */
export function makesLinks(core: readonly string[]): boolean {
  const [name, ...args] = core;
  if (name === undefined) return false;
  const base = name.slice(name.lastIndexOf('/') + 1);
  if (['ln', 'link', 'mv', 'rsync', 'cpio', 'pax', 'bsdtar', '7z', 'install'].includes(base)) return true;
  // unzip makes links only when it extracts (`unzip -l x.zip && …` lists); an unknown word counts as extracting.
  if (base === 'unzip') return unzipExtracts(args);
  // GNU tar makes links only when it extracts (`tar -tzf x.tgz | head` lists: attack pass 6's
  // false positive); a word its model does not know counts as extracting.
  if (base === 'tar') {
    const parsed = parseArgv(tarModel, args);
    return parsed.unknown.length > 0 || parsed.modes.has('extract');
  }
  if (base === 'cp') return cpMayMakeLinks(args);
  if (base === 'git') return gitMayMakeLinks(args);
  return false;
}

/** Claude Code's cwd file, named where its envelope is described. */
const CWD_FILE = new RegExp(`/${CLAUDE_CWD_FILE_NAME}$`);

export function isAgentCwdFile(target: string): boolean {
  return CWD_FILE.test(target) && isCleanAbsPath(target);
}

/** The fixed builtins of an agent envelope (Claude 2.1.332): run with no effect on what is judged. */
export function isEnvelopeBuiltin(core: readonly string[]): boolean {
  const [name, ...args] = core;
  const plainName = (w: string | undefined): boolean => w !== undefined && /^[A-Za-z_][A-Za-z0-9_.:-]*$/.test(w);
  if (name === 'true' && args.length === 0) return true;
  if (name === 'shopt') return args[0] === '-u' && args.length > 1 && args.slice(1).every(plainName);
  const rest = args[0] === '--' ? args.slice(1) : args;
  if (name === 'unalias') return rest.length === 1 && plainName(rest[0]);
  if (name === 'unset') {
    const r = args[0] === '-f' ? (args[1] === '--' ? args.slice(2) : args.slice(1)) : undefined;
    return r !== undefined && r.length === 1 && plainName(r[0]);
  }
  return false;
}

/** Names git's discovery looks for in a bare repository (setup.c `is_git_directory`) and its config. */
const REPO_FILE = /(?:^|[/=])(?:HEAD|config|commondir|objects|refs)\/*$/;

/**
 * Whether a part names a file or directory that can make a directory into a repository: a later
 * git part in it would trust a config the review never judged (attack pass 8, P8-02:
 * `mkdir -p b/objects b/refs && printf … > b/config && printf … > b/HEAD && git -C b status`).
 * git's own parts (`git show HEAD`, `git config`) do not count; a git part that makes one
 * (`init --bare`) is counted by gitMayMakeLinks.
 */
export function namesRepoFile(core: readonly string[], writeTargets: readonly string[]): boolean {
  if (runsGit(core)) return false;
  return [...core.slice(1), ...writeTargets].some((w) => REPO_FILE.test(w));
}

/** Whether a part may run git: by name or path, or through a wrapper (`env git …`, `xargs git`). */
export function runsGit(core: readonly string[]): boolean {
  return core.some((w) => w.slice(w.lastIndexOf('/') + 1) === 'git');
}

/** git named as the command itself (`git`, `/usr/bin/git`), not through a wrapper. */
const isGitWord = (w: string | undefined): boolean => w !== undefined && w.slice(w.lastIndexOf('/') + 1) === 'git';
/** git anywhere in the words: a wrapper (`env git`, `xargs git`) or shell text (`bash -c 'git …'`). */
const mentionsGit = (core: readonly string[]): boolean =>
  core.some((w) => /(?:^|[\s/;&|(`'"])git(?:[\s;&|)`'"]|$)/.test(w));

/**
 * Whether a part may change what a later git part prints from: stage new paths (an untracked
 * `.env` among them: `git add` with any operand or `-A`, `git stage`, `update-index --add`, `stash
 * -u`/`-a`; attack pass 8, P8-07c), or move HEAD, refs, reflogs or write objects (`checkout`,
 * `commit`, `reset`, `fetch`, `tag`, ...), which the history and HEAD facts were read before (the
 * history check). Any git subcommand but the ones that only read, and git run through a wrapper or
 * shell text, which is not followed.
 */
export function mayChangeWhatGitPrints(core: readonly string[]): boolean {
  if (!isGitWord(core[0])) return mentionsGit(core);
  const view = makeArgView('git', core.slice(1));
  const sub = view.sub[0];
  if (sub === undefined) return false;
  return !leavesRepositoryAlone(view.sub, view.rest);
}

/** Whether a part may print the contents of tracked files (trackedContent.ts), git through a wrapper included. */
export function printsTrackedContent(core: readonly string[]): boolean {
  if (!isGitWord(core[0])) return mentionsGit(core);
  return trackedContentReach(core.slice(1)) !== undefined;
}
