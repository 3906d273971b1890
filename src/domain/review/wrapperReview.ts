import { tokenize } from '../shell/tokenize.js';
import { judgePaths } from '../paths/judgePaths.js';
import type { Verdict } from '../verdict.js';
import { verdict, ALLOW_NOTHING_FOUND } from '../verdict.js';
import { combineVerdicts } from '../verdict.js';
import { judgeAssignments } from '../policy/envAssignments.js';
import { PRIVILEGE_WRAPPERS, WRAPPERS, unwrapWith } from '../policy/wrappers.js';
import type { Chain, ReviewState } from './reviewState.js';
import { step, pathContext, withGitPathspecEnv } from './reviewState.js';
import { judgeAssignmentEffects } from './assignmentEffects.js';
import { reviewScriptCommand, traceOutputVerdicts } from './wrapperSideEffects.js';
import { isCommandQuery } from '../policy/commandQuery.js';
import { argv0Option, reviewWithArgv0 } from './argv0Review.js';
import { reviewNestedText, reviewNestedWords } from './reviewState.js';

/** Wrappers the shell itself runs: their inner command may be a builtin. All others exec a binary from PATH. */
const SHELL_LEVEL_WRAPPERS = new Set(['command', 'exec', 'builtin']);

const wrapperNote = (name: string, inner: readonly string[]): Verdict =>
  verdict(
    'allow',
    'low',
    'command.wrapper',
    `${name} runs ${inner.length ? `'${inner[0]}'` : 'nothing'}; the inner command was judged`,
  );

/** What a wrapper with no inner command does. */
function bareWrapper(name: string, opts: Array<[string, string | true]>): Verdict {
  if (name === 'sudo' || name === 'doas' || name === 'pkexec' || name === 'runuser') {
    const shell = opts.some(([o]) => ['-s', '-i', '--shell', '--login'].includes(o));
    return shell
      ? verdict('ask', 'high', 'invocation.interactive', `${name} starts an interactive root shell`)
      : verdict('ask', 'high', 'command.privilege', `${name} without a command (list, validate, ...)`);
  }
  if (name === 'env')
    return verdict(
      'ask',
      'medium',
      'command.asked',
      'env without a command prints the environment, which often holds tokens and keys',
    );
  if (name === 'chroot' || name === 'nsenter' || name === 'unshare')
    return verdict('ask', 'high', 'invocation.interactive', `${name} without a command starts a shell`);
  return verdict('allow', 'low', 'command.allowed', `${name} without a command runs nothing`);
}

function optValue(opts: Array<[string, string | true]>, ...names: string[]): string | undefined {
  for (const [o, v] of opts) if (names.includes(o) && typeof v === 'string') return v;
  return undefined;
}

/**
 * Wrappers (`sudo`, `env`, `timeout`, `xargs`, ...), `watch`, `busybox`, `su -c`: peel off the
 * wrapper with its options and judge what it runs. Undefined when `name` is not a wrapper.
 */
const BUSYBOX_LISTINGS = new Set(['--list', '--list-full', '--help']);

export function reviewWrapper(
  name: string,
  args: readonly string[],
  state: ReviewState,
  depth: number,
  chain: Chain,
): Verdict | undefined {
  if (name === 'command' && isCommandQuery(args)) return undefined;
  if (name === 'busybox') {
    if (args.length === 0 || BUSYBOX_LISTINGS.has(args[0]!))
      return verdict('allow', 'low', 'command.allowed', 'busybox lists its applets');
    // `--install [-s] DIR` writes a link per applet into DIR; any other option is not known here.
    if (args[0]!.startsWith('-'))
      return verdict('ask', 'medium', 'command.unknown', `busybox ${args[0]} is not a listing`);
    chain?.wrappers.push('busybox');
    return combineVerdicts(wrapperNote(name, args), reviewNestedWords(args, state, depth + 1, chain, true));
  }
  if (name === 'watch') return reviewWatch(args, state, depth);
  if (name === 'script') return reviewScriptCommand(args, state, depth);
  if (name === 'su') return reviewSu(args, state, depth);
  const spec = Object.hasOwn(WRAPPERS, name) ? WRAPPERS[name] : undefined;
  if (!spec) return undefined;
  const u = unwrapWith(spec, args);
  const parts: Verdict[] = [];
  chain?.wrappers.push(name);
  if (u.unknownOptions.length)
    parts.push(
      verdict(
        'ask',
        'medium',
        'command.wrapper',
        `${name} option(s) ${u.unknownOptions.join(' ')} not understood: what it runs is uncertain`,
      ),
    );
  if (PRIVILEGE_WRAPPERS.has(name))
    parts.push(
      verdict('ask', 'high', 'command.privilege', `${name} runs the command with other privileges`, 'system:privilege'),
    );
  let inner = u.inner;
  let innerState = state;
  if (name === 'env') {
    if (Object.keys(u.assignments).length)
      parts.push(judgeAssignments(u.assignments), judgeAssignmentEffects(u.assignments, state));
    // A proxy or config home set here changes where the inner command connects (see requestShape).
    if (Object.keys(u.assignments).length || u.options.some(([o]) => o !== '-C' && o !== '--chdir'))
      innerState = { ...innerState, envChanged: true };
    const split = optValue(u.options, '-S', '--split-string');
    if (split !== undefined) {
      // `env -S` splits one string into words itself: parse it like the shell would, strictly.
      const tok = tokenize(split, { home: state.facts.home });
      if (!tok.ok)
        return combineVerdicts(...parts, { decision: 'block', risk: 'high', reasons: tok.reasons, rule_ids: [] });
      inner = [...tok.words, ...inner];
    }
    // `env GIT_ICASE_PATHSPECS=1 git …` is judged as `git --icase-pathspecs …` (attack pass 11, P11-04).
    innerState = withGitPathspecEnv(innerState, u.assignments);
    const dirs = u.options
      .filter(([o, v]) => (o === '-C' || o === '--chdir') && typeof v === 'string')
      .map(([, v]) => v as string);
    const dir = dirs[dirs.length - 1]; // getopt: the last -C wins
    if (dir) {
      parts.push(judgePaths([{ raw: dir, access: 'mention' }], pathContext(state)).verdict);
      // `env -C DIR CMD` runs CMD in DIR: its relative paths are judged there (the workspace stays).
      const moved = chdirState(innerState, dir);
      if (!moved)
        return combineVerdicts(
          ...parts,
          verdict(
            'ask',
            'medium',
            'command.wrapper',
            `env -C ${dir}: the directory the command runs in cannot be known before it runs`,
          ),
        );
      innerState = moved;
    }
  }
  if (name === 'time') {
    const out = optValue(u.options, '-o', '--output');
    if (out) parts.push(judgePaths([{ raw: out, access: 'write' }], pathContext(state)).verdict);
  }
  if (name === 'strace' || name === 'ltrace') {
    parts.push(...traceOutputVerdicts(name, u.options, state, depth));
    // `-p PID` attaches to a process already running: its reads and writes (secrets read from
    // files, sent on sockets) are printed, and strace's `-e inject` can tamper with it (P8-15).
    if (u.options.some(([o]) => o === '-p' || o === '--attach' || o === '--pid'))
      parts.push(
        verdict(
          'ask',
          'medium',
          'command.asked',
          `${name} -p attaches to a running process and prints what it reads and writes`,
          'wrappers:trace-attach',
        ),
      );
  }
  // A new session is outside the process group the run's timeout ends: `setsid -f watch -n 0.1
  // mv d v2` kept renaming after the command returned, unreviewed and unaudited, and raced the
  // review of later commands (attack pass 20, F7).
  if (name === 'setsid' && inner.length > 0)
    parts.push(
      verdict(
        'ask',
        'medium',
        'command.asked',
        "setsid runs the command in a new session, which the run's timeout does not end: it may keep running after the review",
        'wrappers:new-session',
      ),
    );
  // `flock FILE CMD` opens FILE with O_CREAT: a file created anywhere (P8-16). The fd form
  // (`flock [options] 9`, no command) opens nothing.
  if (name === 'flock' && inner.length > 0 && u.positionals[0] !== undefined)
    parts.push(judgePaths([{ raw: u.positionals[0], access: 'write' }], pathContext(state)).verdict);
  if (name === 'sudo' && u.options.some(([o]) => o === '-e' || o === '--edit')) {
    parts.push(verdict('ask', 'high', 'command.privilege', 'sudo -e edits files as root'));
    parts.push(
      judgePaths(
        inner.map((raw) => ({ raw, access: 'write' as const })),
        pathContext(state),
      ).verdict,
    );
    return combineVerdicts(...parts);
  }
  if (name === 'flock' && (inner[0] === '-c' || inner[0] === '--command')) {
    return combineVerdicts(
      ...parts,
      wrapperNote(name, inner.slice(1)),
      reviewNestedText(inner[1] ?? '', state, depth + 1, 'nested', undefined).verdict,
    );
  }
  if (name === 'xargs') {
    inner = inner.length ? inner : ['echo'];
    const argFile = optValue(u.options, '-a', '--arg-file');
    if (argFile) parts.push(judgePaths([{ raw: argFile, access: 'read' }], pathContext(state)).verdict);
    parts.push(
      verdict('ask', 'medium', 'command.wrapper', 'xargs adds arguments from its input that the review cannot see'),
    );
  }
  if (inner.length === 0) {
    const v = combineVerdicts(...parts, bareWrapper(name, u.options));
    step(state, depth, 'wrappers', `${name} with no inner command`, v);
    return v;
  }
  if (name === 'sudo' && u.options.some(([o]) => ['-s', '-i', '--shell', '--login'].includes(o))) {
    // `sudo -s CMD` hands the words to a shell as one command string.
    step(state, depth, 'wrappers', `${name} -s/-i: inner words run through a shell`);
    return combineVerdicts(
      ...parts,
      wrapperNote(name, inner),
      reviewNestedText(inner.join(' '), state, depth + 1, 'nested', undefined).verdict,
    );
  }
  step(state, depth, 'wrappers', () => `${name} wraps '${inner[0]}'`);
  const argv0 = argv0Option(name, u.options);
  if (argv0 !== undefined) {
    // bash's `exec -l` puts a dash in front of the name it passes (`-NAME`).
    const login = name === 'exec' && u.options.some(([o]) => o === '-l');
    const v = reviewWithArgv0(
      login ? `-${argv0}` : argv0,
      inner,
      innerState,
      depth,
      chain,
      !SHELL_LEVEL_WRAPPERS.has(name),
    );
    if (v) return combineVerdicts(...parts, wrapperNote(name, inner), v);
  }
  return combineVerdicts(
    ...parts,
    wrapperNote(name, inner),
    reviewNestedWords(inner, innerState, depth + 1, chain, !SHELL_LEVEL_WRAPPERS.has(name)),
  );
}

/**
 * The review state for a command run in `dir` (resolved against the cwd), or undefined when the
 * directory is only known at run time (`$VAR`, a glob). A `~` the shell expanded arrives here as
 * the home directory; one still here is literal (`--chdir=~`, `-C~`, an argv request) and names a
 * directory `~` that may be a symlink anywhere: asked rather than guessed.
 */
export function chdirState(state: ReviewState, dir: string): ReviewState | undefined {
  if (/[$`*?[]/.test(dir) || dir.startsWith('~')) return undefined;
  // Not normalised: `..` after a symlinked cwd is the kernel's `..`, which the physical spelling finds.
  const cwd = dir.startsWith('/') ? dir : `${state.cwd.replace(/\/+$/, '')}/${dir}`;
  return { ...state, cwd, workspace: state.workspace ?? state.cwd };
}

function reviewWatch(args: readonly string[], state: ReviewState, depth: number): Verdict {
  const VALUE = new Set(['-n', '--interval', '-d', '-q', '--equexit', '--differences']);
  let i = 0;
  let exec = false;
  while (i < args.length && args[i]!.startsWith('-')) {
    const a = args[i]!;
    if (a === '--') {
      i++;
      break;
    }
    if (a === '-x' || a === '--exec') exec = true;
    i += VALUE.has(a) && a !== '-d' && a !== '--differences' ? 2 : 1;
  }
  const inner = args.slice(i);
  if (!inner.length) return ALLOW_NOTHING_FOUND;
  const note = verdict('allow', 'medium', 'command.wrapper', 'watch runs its command repeatedly');
  step(state, depth, 'wrappers', `watch runs '${inner.join(' ')}'${exec ? '' : ' through sh -c'}`);
  return combineVerdicts(
    note,
    exec
      ? reviewNestedWords(inner, state, depth + 1, undefined, true)
      : reviewNestedText(inner.join(' '), state, depth + 1, 'nested', undefined).verdict,
  );
}

function reviewSu(args: readonly string[], state: ReviewState, depth: number): Verdict {
  const priv = verdict('ask', 'high', 'command.privilege', 'su runs as another user', 'system:privilege');
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === '-c' || a === '--command' || a === '--session-command')
      return combineVerdicts(priv, reviewNestedText(args[i + 1] ?? '', state, depth + 1, 'nested', undefined).verdict);
    if (a.startsWith('--command='))
      return combineVerdicts(priv, reviewNestedText(a.slice(10), state, depth + 1, 'nested', undefined).verdict);
  }
  return combineVerdicts(priv, verdict('ask', 'high', 'invocation.interactive', 'su without -c starts a shell'));
}
