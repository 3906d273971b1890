import type { Mode } from './modes/mode.js';
import type { ShellGrammarSource } from './shell/grammar/syntaxTree.js';

/** What the review core is asked to judge. Exactly one of `command` and `argv` is set. */
export interface ReviewRequest {
  /** Shell text as the agent sent it (may be an agent envelope). */
  command?: string;
  /** An argv array, judged without shell parsing. */
  argv?: string[];
  /** Absolute working directory. */
  cwd: string;
  /** Agent name from the launcher (`claude`, `codex`, ...), when known. */
  agent?: string;
  /**
   * `agent`: the shell was started by the agent itself (bookkeeping calls are recognised only here).
   * `nested`: a shell started from inside an already reviewed command.
   */
  hop?: 'agent' | 'nested';
  /**
   * `$0` and `$1 …` after the `-c` text (`bash -c TEXT NAME ARG…`): an agent script that takes the
   * model's command as an argument is recognised by them (argvEnvelope.ts). Absent: none given.
   */
  args?: { argv0?: string; positional: string[] };
  /** The agent session (launcher's SHIMCTL_SESSION): session-scoped rules apply only in it. */
  session?: string;
  /** The mode this launch asked for (SHIMCTL_MODE); the config's ceiling still applies (docs/modes.md). */
  mode?: Mode;
  /** Where the agent was launched (SHIMCTL_WORKSPACE): acceptEdits trusts writes and build tooling there; absent: acceptEdits lifts nothing (a cwd the agent chose is no workspace). */
  workspace?: string;
}

import type { LocaleEnv } from './shell/locale.js';
import type { ArgvEnvelope } from './shell/envelopes/argvEnvelope.js';

/**
 * Facts about the machine the pure domain needs, supplied by an adapter.
 * All methods are synchronous and must not throw; they answer `undefined` when unsure.
 */
export interface HostFacts {
  /** The user's home directory (absolute). */
  home: string;
  /**
   * Where an absolute path leads, walked as the kernel walks it (symbolic links followed where they
   * stand, dangling ones to their targets; a missing rest appended as written). Two answers are not
   * plain paths (infrastructure/hostFacts/physicalPath.ts): one that keeps a `..` after a name that
   * does not exist yet, and one under /proc or /dev where a link there stopped the walk; the domain
   * reads both through paths/posixPath.ts placePhysically.
   */
  realpath(absPath: string): string;
  /**
   * The locale variables of the environment the text is parsed in (the request's, which is also
   * what the BASH_ENV guard's bash started with). Absent: none set, the C locale.
   */
  locale?: LocaleEnv;
  /** The absolute path a bare command name resolves to on PATH (shim dirs excluded), or undefined. */
  resolveCommand(name: string): string | undefined;
  /** A stable identity of a file (device:inode), or undefined if it does not exist. */
  fileId(absPath: string): string | undefined;
  /**
   * Whether anything, a dangling symlink included, sits at this path (lstat). Optional: without
   * it nothing is known not to exist, so a protected file is never treated as newly created.
   */
  entryExists?(absPath: string): boolean;
  /**
   * The file system of the home directory ignores case (macOS's default APFS, Windows): `~/.SSH`
   * is `~/.ssh`, so protected patterns are matched case-insensitively. Absent: case matters.
   */
  caseInsensitivePaths?: boolean;
  /**
   * shimctl's own state directories (config, state, data: config file, audit log, approvals,
   * shims) as derived from HOME/XDG. Writing there is refused; the HOME defaults are always
   * protected even when this is absent.
   */
  shimctlPaths?: string[];
  /**
   * shimctl's own files named one by one (its user config files): self-protected like the
   * directories above, resolved through links too, so a dotfiles link to one protects its target.
   */
  shimctlFiles?: string[];
  /** The port `shimctl serve` listens on when one runs (docs/http-api.md): URLs aimed at it are refused. */
  shimctlHttpPort?: number;
  /**
   * Files below an absolute directory (symlinks not followed; `.git` and `node_modules` not
   * entered), at most `limit` entries visited; `complete` is false when the walk stopped early.
   * Lets a recursive read (`grep -r KEY .`) be judged by the secrets it would print. Optional:
   * without it, only protected paths named or located under the tree are seen.
   */
  filesUnder?(
    absDir: string,
    limit: number,
    options?: { followsLinks?: boolean },
  ): { files: string[]; complete: boolean; dirLinks?: string[] };
  /**
   * The shell grammar for text that is not one simple command (docs/shell.md). The caller loads it
   * before the review when the text needs it; absent or not loaded, such text is refused.
   */
  grammar?: ShellGrammarSource;
  /**
   * Values of the variables a command may expand (src/domain/shell/expansion/knownVariables.ts),
   * taken from the request's environment; a name absent here is refused when referenced.
   */
  shellVars?: Readonly<Record<string, string>>;
  /**
   * The entries of an absolute directory (no `.`/`..`), for glob expansion by the review.
   * `undefined`: it cannot be opened (bash then matches nothing there); `null`: it holds names the
   * review cannot represent faithfully (not UTF-8) or too many of them, so the glob is refused.
   */
  listDir?(absDir: string): DirEntry[] | undefined | null;
  /**
   * What each entry of an absolute directory is, by the directory's own listing (no link
   * followed): for finding protected places that are links (paths/linkedPlaces.ts). `undefined`:
   * it cannot be listed. Absent: no protected place is known to be a link.
   */
  entryKinds?(absDir: string): ReadonlyMap<string, EntryKind> | undefined;
  /**
   * The repository holding this directory, with the hooks directory its config or the user's
   * names (`core.hooksPath`: a file written there runs on the next commit, as one in `.git/hooks`
   * does) and the files its config includes. Undefined: not in a work tree.
   */
  gitHooks?(absDir: string): GitHooksFact | undefined;
  /**
   * Whether this git config file holds a credential (an `http.extraHeader`, a URL with a password
   * or token): any repository's `.git/config`, a submodule's under `.git/modules/`, a worktree's
   * `config.worktree`. Absent: only the config of the repository a command runs in is known.
   */
  gitConfigCredential?(absFile: string): boolean;
  /**
   * One SHA-256 over these absolute paths and their contents (an absent file counted as absent),
   * for project pinning (src/domain/approvals/projectPin.ts). Undefined when any of them cannot be
   * read as a plain file (unreadable, a directory, a FIFO, too large). Absent: no pin holds.
   */
  digestFiles?(absPaths: readonly string[]): string | undefined;
  /** Agent scripts that take the model's command as an argument, from the agents' own descriptions. */
  argvEnvelopes?: readonly ArgvEnvelope[];
  /**
   * The repository git uses when run in this absolute directory, and the paths its index holds
   * (what `git show`, `log -p`, `diff --cached`, `grep`, `archive` print from without naming a
   * file). Undefined: not inside a work tree. Optional: without it, tracked files are only seen
   * when a pathspec names them.
   */
  gitIndex?(absDir: string): GitIndexFact | undefined;
  /**
   * Every path the history of the repository whose work tree root this is holds: commits
   * reachable from a ref or a reflog entry, stashes among them (infrastructure/hostFacts/
   * gitHistory.ts). What `git log -p`, `git show OLD`, `git diff --cached` print from after a file
   * left the index. Absent: only the index is known (a file only in older commits is not seen).
   */
  gitHistory?(root: string): GitHistoryFact;
  /**
   * HEAD's tree and what HEAD changes against its parents, for the commands that print from HEAD
   * alone (`diff --cached`, `show`, `status -v`). Absent: they are judged against the whole history.
   */
  gitHead?(root: string): GitHeadFact;
  /**
   * The objects these revisions name in the repository whose work tree root this is (`abc1234`,
   * `main~2`, `FETCH_HEAD`, `v1.0`, `:/fix`). A revision may name a blob or a commit no ref
   * reaches (a `.env` once staged, then unstaged): printing it prints what no listing holds.
   * Absent: revisions are not resolved.
   */
  gitObjects?(root: string, names: readonly string[]): GitObjectsFact;
  /**
   * The paths git prints from for these revisions, asked of git itself: what each commit changes
   * against its parents (`show`: form `commits`; `log` with its count limits: the commits it
   * walks), or where two trees, or a tree and the index or work tree, differ (`diff`,
   * `diff-cached`). Narrows a repository whose history holds a secret to
   * what the command prints (`git show abc123`, `git diff main...HEAD`). Absent, or a problem: the
   * whole history is judged.
   */
  gitChangedPaths?(
    root: string,
    form: 'commits' | 'diff' | 'diff-cached' | 'log',
    revisions: readonly string[],
    limits?: readonly string[],
  ): GitHistoryFact;
  /**
   * The text of a patch file `git apply` or `git am` is given (src/infrastructure/hostFacts/
   * patchFile.ts): a regular file, at most a bounded size, UTF-8. `problem` says why not.
   * Absent: patches cannot be read, and applying one asks (review/gitPatches.ts).
   */
  patchFile?(absPath: string): PatchFileFact;
  /**
   * The shimctl project files of an absolute directory and of every directory above it that a
   * project search would read (home and `/` never are), nearest first, stopping before a
   * directory in `held` (their files are in the config already). What a project there protects
   * applies to the paths a command reaches in it from anywhere (attack pass 19, F6). Absent: only
   * the config's own project files apply.
   */
  projectFilesAbove?(absDir: string, held: ReadonlySet<string>): readonly ProjectFileFact[];
}

/**
 * One project file as the path review needs it: what it protects (absolute, as the loader expands
 * them), or why it cannot be read (invalid, unreadable, a code config).
 */
export type ProjectFileFact =
  | { file: string; protectedPaths: readonly string[]; roots: readonly string[] }
  | { file: string; problem: string };

/** A patch file's text, or why it could not be read (missing, not a regular file, too large, not UTF-8). */
export type PatchFileFact = { text: string } | { problem: string };

/** A repository's work tree root, the hooks directory its config names and the files it includes. */
export interface GitHooksFact {
  root: string;
  /** `core.hooksPath` (the repository's, else the user's), absolute; absent: `.git/hooks`. */
  hooksDir?: string;
  /** `include.path` and `includeIf.*.path` files of the repository's config, absolute. */
  includes: readonly string[];
  /**
   * The repository's own config (`.git/config`) holds a credential: an `http.extraHeader` (where
   * actions/checkout keeps the job's token) or a remote URL with a password or token in it.
   * Printing that file or its values prints the secret (attack pass 18, F11).
   */
  configCredential?: true;
}

/** A work tree and its index (src/infrastructure/hostFacts/gitIndex.ts reads it). */
export interface GitIndexFact {
  /** The work tree's root (absolute). */
  root: string;
  /**
   * Paths in the index, `/`-separated, relative to `root`; [] when there is no index yet.
   * Undefined: an index exists that could not be read (unreadable, corrupt, split or sparse).
   * The same array object comes back while the index is unchanged, so callers may memoize on it.
   */
  paths: readonly string[] | undefined;
}

/**
 * The paths of a repository's history, `/`-separated and relative to the work tree's root (the
 * same array object while the refs are unchanged, so callers may memoize on it), and the ids of
 * its commits; or why they are not known (no git, a time limit, a partial clone that would fetch).
 */
export type GitHistoryFact = { paths: readonly string[]; commits: ReadonlySet<string> } | { problem: string };

/** An object a revision names, peeled through tags. */
export interface GitObject {
  id: string;
  type: 'commit' | 'tree' | 'blob';
}

/** The object each revision names (undefined: none, or ambiguous), or why they cannot be resolved. */
export type GitObjectsFact = { objects: ReadonlyMap<string, GitObject | undefined> } | { problem: string };

/** HEAD's tree and the paths HEAD changes against its parents (root-relative), or why not known. */
export type GitHeadFact = { tree: readonly string[]; changes: readonly string[] } | { problem: string };

/** One directory entry; `dir` follows a symlink (bash descends into a symlinked directory). */
/** A directory entry as its directory lists it: a directory, a symbolic link, or anything else. */
export type EntryKind = 'dir' | 'link' | 'other';

export interface DirEntry {
  name: string;
  dir: boolean;
}

/**
 * The command after envelope and wrapper unwrapping: the normalised request every engine
 * (native, Rego) receives. Versioned for the Rego input document.
 */
export interface NormalizedCommand {
  /** The shell text that was reviewed (the model's command inside any envelope). */
  command: string;
  /** Name of the agent envelope that was unwrapped, if any (`claude`, `gemini`, ...). */
  envelope?: string;
  /** Words of the simple command, leading assignments included. */
  argv: string[];
  /** Leading `NAME=value` assignments. */
  envAssignments: Record<string, string>;
  /** Wrapper commands peeled off, outermost first (`sudo`, `timeout`, ...). */
  wrappers: string[];
  /** The innermost command's argv after wrappers were removed. */
  effectiveArgv: string[];
  /** Absolute path the innermost command resolves to, if it resolves. */
  resolvedBinary?: string;
  /** Path-like arguments: as written and resolved (absolute, normalised, symlinks resolved). */
  paths: Array<{ raw: string; resolved: string }>;
  /** URL-like arguments found anywhere in the argv. */
  urls: string[];
  /**
   * The innermost command word is a shell builtin (`cd`, `echo`, `export`, `eval`, ...): bash runs
   * it in-process whatever PATH says, so an allowed builtin must run through the real shell.
   */
  shellBuiltin?: boolean;
}
