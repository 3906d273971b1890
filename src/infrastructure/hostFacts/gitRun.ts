// git run by the review: from a fixed system path (never the agent's PATH), with a minimal
// environment and nothing the repository's config names (no pager, signature check, fsmonitor,
// textconv or external diff), under a time limit. Used by the history facts (gitHistory.ts).
import type * as ChildProcess from 'node:child_process';
import { createRequire } from 'node:module';
import { statSync } from 'node:fs';

/** A git found at a fixed system place, never through the agent's PATH (the review runs it). */
const GIT_CANDIDATES = ['/usr/bin/git', '/usr/local/bin/git', '/opt/homebrew/bin/git', '/bin/git'];
/** A git that does not finish in this time answers nothing: the command asks (inside the resident process's 2 s review budget). */
const TIMEOUT_MS = 1500;
const MAX_OUTPUT = 128 * 1024 * 1024;

// node:child_process is loaded on first use: the per-command core reviews most commands without
// spawning anything, and a blocked command must not pay for it (test/daemon/lazyLoading.test.ts).
let childProcess: typeof ChildProcess | undefined;
const spawnSync: typeof ChildProcess.spawnSync = ((...args: unknown[]) =>
  (
    (childProcess ??= createRequire('/')('node:child_process') as typeof ChildProcess).spawnSync as (
      ...a: unknown[]
    ) => unknown
  )(...args)) as typeof ChildProcess.spawnSync;
/** Problems that may not recur (a time limit, a failed spawn): never kept. */
const TRANSIENT = new WeakSet<object>();
let gitBinary: string | null | undefined;

function findGit(): string | null {
  if (gitBinary === undefined)
    gitBinary = GIT_CANDIDATES.find((p) => statSync(p, { throwIfNoEntry: false })?.isFile() === true) ?? null;
  return gitBinary;
}

/** Whether a problem may not recur (a time limit, a failed spawn): such an answer is never kept. */
export const isTransient = (problem: object): boolean => TRANSIENT.has(problem);

/** NUL-separated names, each once. */
export function namesOf(text: string): readonly string[] {
  const names = new Set(text.split('\0'));
  names.delete('');
  return Object.freeze([...names]);
}

/**
 * `git ARGS` in `root`, its output; a repository without commits has none (empty output).
 * `replaced`: with replace refs applied, as git runs by default.
 */
export function runGit(
  root: string,
  args: readonly string[],
  input?: string,
  replaced = false,
): { text: string } | { problem: string } {
  const git = findGit();
  if (!git) return { problem: `no git at ${GIT_CANDIDATES.join(', ')}` };
  const r = spawnSync(
    git,
    // Nothing the repository's config names runs: no pager, no signature check, no fsmonitor,
    // no textconv or external diff.
    [
      '--no-pager',
      // The objects as stored: a replace ref (`refs/replace/S`) otherwise hides S's own tree from
      // the listing, while `--no-replace-objects show S` prints it. The replacements are refs
      // themselves, so `--all` lists them too.
      ...(replaced ? [] : ['--no-replace-objects']),
      '-c',
      'log.showSignature=false',
      '-c',
      'core.fsmonitor=false',
      '-c',
      'diff.external=',
      args[0]!,
      ...(args[0] === 'log' || args[0] === 'diff' ? ['--no-textconv', '--no-ext-diff'] : []),
      ...args.slice(1),
    ],
    {
      cwd: root,
      env: {
        PATH: '/usr/bin:/bin',
        ...(process.env.HOME ? { HOME: process.env.HOME } : {}),
        LC_ALL: 'C',
        GIT_TERMINAL_PROMPT: '0',
        GIT_OPTIONAL_LOCKS: '0',
        GIT_NO_LAZY_FETCH: '1',
      },
      stdio: [input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
      ...(input === undefined ? {} : { input }),
      timeout: TIMEOUT_MS,
      killSignal: 'SIGKILL',
      maxBuffer: MAX_OUTPUT,
    },
  );
  if (r.error) {
    const problem = { problem: `git ${args[0]} did not finish (${r.error.message})` };
    TRANSIENT.add(problem);
    return problem;
  }
  if (r.status !== 0) {
    const why = r.stderr.toString('utf8').trim().split('\n')[0] ?? '';
    // A repository without a commit yet has no history and no HEAD to print from.
    if (
      /does not have any commits yet|bad default revision 'HEAD'|Not a valid object name HEAD|unknown revision/.test(
        why,
      )
    )
      return { text: '' };
    return { problem: `git ${args[0]} failed: ${why.slice(0, 200) || `status ${r.status}`}` };
  }
  return { text: r.stdout.toString('utf8') };
}
