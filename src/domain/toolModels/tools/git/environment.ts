import type { Effect } from '../../modelTypes.js';

/**
 * The GIT_* environment variables that redirect the repository git acts on or make it run a
 * program, with their effect (git(1), "Environment Variables"). Setting any of them for a
 * command is asked (`env.code_injection`, policy/envAssignments.ts takes the names from here);
 * `GIT_CONFIG_*` (GIT_CONFIG_KEY_0, GIT_CONFIG_VALUE_0, ...) are asked by their prefix, and
 * `GIT_TRACE*` (a file git appends to) by review/assignmentEffects.ts.
 */
export const GIT_ENVIRONMENT: Readonly<Record<string, { effect: Effect; why: string }>> = {
  GIT_SSH_COMMAND: { effect: 'exec', why: 'the ssh command git runs for remotes' },
  GIT_SSH: { effect: 'exec', why: 'the ssh program git runs for remotes' },
  GIT_EXTERNAL_DIFF: { effect: 'exec', why: 'a program run for every diff' },
  GIT_PAGER: { effect: 'exec', why: 'the pager, run through the shell' },
  GIT_EDITOR: { effect: 'exec', why: 'the editor, run through the shell' },
  GIT_SEQUENCE_EDITOR: { effect: 'exec', why: "rebase -i's todo editor" },
  GIT_ASKPASS: { effect: 'exec', why: 'a program asked for credentials' },
  GIT_PROXY_COMMAND: { effect: 'exec', why: 'a program that carries the git:// protocol' },
  GIT_EXEC_PATH: { effect: 'exec', why: 'where git finds its git-* programs' },
  GIT_TEMPLATE_DIR: { effect: 'loads', why: 'hooks copied into new repositories' },
  GIT_DIR: { effect: 'loads', why: 'the repository: its config and hooks run programs' },
  GIT_WORK_TREE: { effect: 'loads', why: 'the working tree git writes' },
  GIT_COMMON_DIR: { effect: 'loads', why: 'the shared repository part: config and hooks' },
  GIT_INDEX_FILE: { effect: 'write', why: 'the index file git reads and rewrites' },
  GIT_OBJECT_DIRECTORY: { effect: 'loads', why: 'where objects are read and written' },
  GIT_ALTERNATE_OBJECT_DIRECTORIES: { effect: 'loads', why: 'more object stores read' },
  GIT_NAMESPACE: { effect: 'loads', why: 'moves every ref under refs/namespaces/' },
  GIT_SHALLOW_FILE: { effect: 'loads', why: 'the shallow-commit list git trusts' },
  GIT_REPLACE_REF_BASE: { effect: 'loads', why: 'replacement refs that swap objects for others' },
  GIT_ATTR_SOURCE: { effect: 'loads', why: 'the tree .gitattributes (filters, textconv) come from' },
  GIT_CONFIG: { effect: 'loads', why: 'a config file read' },
  GIT_CONFIG_GLOBAL: { effect: 'loads', why: 'the global config file read' },
  GIT_CONFIG_SYSTEM: { effect: 'loads', why: 'the system config file read' },
  GIT_CONFIG_PARAMETERS: { effect: 'loads', why: 'config keys set for this run (core.pager, alias.*)' },
  GIT_CONFIG_COUNT: { effect: 'loads', why: 'config keys set for this run (GIT_CONFIG_KEY_n)' },
  GIT_ALLOW_PROTOCOL: { effect: 'exec', why: 'allows transports such as ext::, which run a command' },
  GIT_PROTOCOL_FROM_USER: { effect: 'exec', why: "allows user-given 'user'-policy transports (ext::)" },
};

/** Variable names asked whatever they hold. */
export const GIT_ENVIRONMENT_NAMES: readonly string[] = Object.keys(GIT_ENVIRONMENT);

/** Name prefixes asked however they continue (GIT_CONFIG_KEY_0 ...). */
export const GIT_ENVIRONMENT_PREFIXES: readonly string[] = ['GIT_CONFIG_'];

/**
 * GIT_TRACE, GIT_TRACE2_EVENT, GIT_TRACE_PACKET …: an absolute path (or `~`) names a file git
 * appends its trace to (a number or `true` is a file descriptor or stderr). Judged as a write
 * by review/assignmentEffects.ts.
 */
export function gitTraceFile(name: string, value: string): boolean {
  return name.startsWith('GIT_TRACE') && /^[/~]/.test(value);
}

/**
 * GIT_* variables known to be harmless whatever they hold (git(1) "Environment Variables", git
 * 2.39–2.47): identity and dates, pathspec magic, progress and output details, HTTP timeouts,
 * trace formatting. Every other GIT_* name asks: git reads undocumented ones too
 * (GIT_TEST_FSMONITOR runs its value as a hook, attack pass 8), so the list is what is proven
 * harmless, not what is known to be dangerous.
 */
const GIT_HARMLESS = new Set([
  'GIT_AUTHOR_NAME',
  'GIT_AUTHOR_EMAIL',
  'GIT_AUTHOR_DATE',
  'GIT_COMMITTER_NAME',
  'GIT_COMMITTER_EMAIL',
  'GIT_COMMITTER_DATE',
  'GIT_DIFF_OPTS',
  'GIT_DIFF_PATH_COUNTER',
  'GIT_DIFF_PATH_TOTAL',
  'GIT_MERGE_VERBOSITY',
  'GIT_PROGRESS_DELAY',
  'GIT_TERMINAL_PROMPT',
  'GIT_FLUSH',
  'GIT_INDEX_VERSION',
  'GIT_DEFAULT_HASH',
  'GIT_LITERAL_PATHSPECS',
  'GIT_GLOB_PATHSPECS',
  'GIT_NOGLOB_PATHSPECS',
  'GIT_ICASE_PATHSPECS',
  'GIT_REFLOG_ACTION',
  'GIT_REF_PARANOIA',
  'GIT_OPTIONAL_LOCKS',
  'GIT_NO_REPLACE_OBJECTS',
  'GIT_PRINT_SHA1_ELLIPSIS',
  'GIT_ADVICE',
  'GIT_HTTP_USER_AGENT',
  'GIT_HTTP_LOW_SPEED_LIMIT',
  'GIT_HTTP_LOW_SPEED_TIME',
  'GIT_REDACT_COOKIES',
  // Trace formatting, not destinations (GIT_TRACE2_ENV_VARS and _CONFIG_PARAMS print values: not here).
  'GIT_TRACE_BARE',
  'GIT_TRACE_CURL_NO_DATA',
  'GIT_TRACE2_BRIEF',
  'GIT_TRACE2_PERF_BRIEF',
  'GIT_TRACE2_EVENT_BRIEF',
  'GIT_TRACE2_EVENT_NESTING',
  'GIT_TRACE2_MAX_FILES',
  // git-lfs: skip downloading large files on checkout.
  'GIT_LFS_SKIP_SMUDGE',
]);

/** The variables that switch pathspec matching for every pathspec, as their global options do. */
const PATHSPEC_VARIABLES: Readonly<Record<string, string>> = {
  GIT_ICASE_PATHSPECS: '--icase-pathspecs',
  GIT_LITERAL_PATHSPECS: '--literal-pathspecs',
  GIT_GLOB_PATHSPECS: '--glob-pathspecs',
  GIT_NOGLOB_PATHSPECS: '--noglob-pathspecs',
};
/** Listed once, not per call: every simple command's review asks (reviewState.ts withGitPathspecEnv). */
const PATHSPEC_ENTRIES = Object.entries(PATHSPEC_VARIABLES);

/**
 * `GIT_ICASE_PATHSPECS=1 git show HEAD -- .ENV` (attack pass 11, P11-04): the global options the
 * variables set for this run, so the tracked-secret check matches pathspecs as git will. git reads
 * them as booleans (`0`, `false`, `no`, `off`, empty are off); any other value counts as on.
 */
export function gitPathspecOptionsFromEnv(assignments: Readonly<Record<string, string>>): string[] {
  const out: string[] = [];
  for (const [name, option] of PATHSPEC_ENTRIES) {
    const v = assignments[name];
    if (v !== undefined && !/^(|0|false|no|off)$/i.test(v.trim())) out.push(option);
  }
  return out;
}

/** The trace variables whose value is a destination (trace.c, trace2/tr2_dst.c). */
const GIT_TRACE_DESTINATIONS = new Set([
  'GIT_TRACE',
  'GIT_TRACE_FSMONITOR',
  'GIT_TRACE_PACK_ACCESS',
  'GIT_TRACE_PACKET',
  'GIT_TRACE_PACKFILE',
  'GIT_TRACE_PERFORMANCE',
  'GIT_TRACE_REFS',
  'GIT_TRACE_SETUP',
  'GIT_TRACE_SHALLOW',
  'GIT_TRACE_CURL',
  'GIT_TRACE2',
  'GIT_TRACE2_EVENT',
  'GIT_TRACE2_PERF',
]);

/**
 * A destination value that writes nowhere new: off (`''`, `0`, `false`), stderr (`1`, `true`),
 * or a descriptor 2–9 the shell already opened (its redirection is judged there).
 */
const TRACE_NOWHERE_NEW = /^(|0|1|[2-9]|true|false)$/i;

/**
 * Whether `NAME=VALUE` for a git run asks: every GIT_* name outside GIT_HARMLESS, except a trace
 * destination that is off, stderr, a descriptor, or an absolute path (that file is judged as a
 * write by review/assignmentEffects.ts). `af_unix:` sockets and relative paths ask.
 */
export function gitVariableAsks(name: string, value: string): boolean {
  if (!name.startsWith('GIT_') || GIT_HARMLESS.has(name)) return false;
  // `yes` opens the editor on every merge, as `merge -e` does (attack pass 11, P11-15); `no` is harmless.
  if (name === 'GIT_MERGE_AUTOEDIT') return !/^no$/i.test(value);
  if (GIT_TRACE_DESTINATIONS.has(name)) return !TRACE_NOWHERE_NEW.test(value) && !gitTraceFile(name, value);
  return true;
}
