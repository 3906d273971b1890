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
