import type { AgentWiring } from '../agentWiring.js';
import type { ArgvEnvelope } from '../../src/domain/shell/envelopes/argvEnvelope.js';

/**
 * Droid's supervisor (droid 0.225.2, test/agents/captures/droid.jsonl), byte for byte: it watches
 * its owner process and runs `"$command_shell" -c "$command"`. Functions, a loop and `$( )` are
 * outside the grammar's subset, so the script is matched exactly and its arguments are pinned:
 * the shell must be /bin/bash (which reads BASH_ENV, so the guard sees that start too), no extra
 * argument may follow (the script would append it, quoted, to the command), and the command is
 * reviewed like any other.
 */
export const DROID_SUPERVISOR_SCRIPT =
  `owner_is_alive() {
  parent_pid=$(ps -o ppid= -p "$$" 2>/dev/null) || return 1
  parent_pid=\${parent_pid//[[:space:]]/}
  [[ "$parent_pid" == "$owner_pid" ]] && kill -0 "$owner_pid" 2>/dev/null
}

watch_owner() {
  while owner_is_alive; do
    sleep 2
  done
  kill -KILL -- -$$ 2>/dev/null || true
}

owner_pid=$1
command_shell=$2
command=$3
shift 3
watch_owner &
watcher_pid=$!
quoted_args=
if (( $# > 0 )); then
  printf -v quoted_args ' %q' "$@"
fi
"$command_shell" -c "$command$quoted_args"
status=$?
kill "$watcher_pid" 2>/dev/null || true
wait "$watcher_pid" 2>/dev/null || true
exit "$status"`;

export const DROID_SUPERVISOR: ArgvEnvelope = {
  agent: 'droid',
  name: 'droid-supervisor',
  script: DROID_SUPERVISOR_SCRIPT,
  argv0: 'factory-execute-supervisor',
  positional: [{ pattern: '[1-9][0-9]{0,9}' }, { exact: '/bin/bash' }, { command: true }],
};

// Factory Droid runs `/bin/bash -c "<cmd>"` by absolute path (captured with strace, droid 0.225.2,
// test/agents/captures/droid.jsonl): PATH and SHELL never reach it; the BASH_ENV guard does.
export const droid: AgentWiring = {
  name: 'droid',
  title: 'Factory Droid',
  env: { BASH_ENV: '{bashEnvGuard}' },
  args: [],
  coverage: 'guard',
  note: "Droid runs /bin/bash -c by absolute path; a BASH_ENV guard reviews and audits each command before bash runs it (no time or output bounds). Droid hands each command to its supervisor script (`bash -c <script> factory-execute-supervisor <pid> /bin/bash <cmd>`): the script is recognised by its exact text and arguments, the command is reviewed, and the bash it starts takes a single-use pass. Its own probes (`/bin/sh -c ls`, `git status`) run in /bin/sh, which reads no BASH_ENV: they are not reviewed.",
  argvEnvelopes: [DROID_SUPERVISOR],
};
