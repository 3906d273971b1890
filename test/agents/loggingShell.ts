// A plain (non-shimctl) logging bash: records exactly what an agent hands its shell, then runs real bash.
// Used to re-capture ../../shared/agents fixtures and to check the agents run at all without shimctl.
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface LoggingShell {
  dir: string;
  bash: string;
  /** A BASH_ENV script that logs BASH_EXECUTION_STRING (how Codex is seen: it ignores PATH and SHELL). */
  bashEnv: string;
  log: string;
}

/** `failSnapshots`: answer Claude's snapshot script with exit 1, as a gate that refuses it would. */
export function writeLoggingShell(root: string, opts: { failSnapshots?: boolean } = {}): LoggingShell {
  const dir = join(root, 'logshell');
  mkdirSync(dir, { recursive: true });
  const log = join(root, 'shell-log.jsonl');
  const bash = join(dir, 'bash');
  writeFileSync(
    bash,
    `#!/usr/bin/python3
import json, os, sys
with open(${JSON.stringify(log)}, "a") as f:
    f.write(json.dumps({"argv0": os.path.basename(sys.argv[0]), "args": sys.argv[1:]}) + "\\n")
${opts.failSnapshots ? 'if any(a.startswith("SNAPSHOT_FILE=") for a in sys.argv[1:]): sys.exit(1)\n' : ''}os.execv("/bin/bash", ["bash"] + sys.argv[1:])
`,
  );
  chmodSync(bash, 0o755);
  const bashEnv = join(dir, 'bash_env.sh');
  writeFileSync(
    bashEnv,
    `# sourced by every non-interactive bash
if [ -n "\${BASH_EXECUTION_STRING-}" ]; then
  /usr/bin/python3 -c 'import json,sys; open(sys.argv[1],"a").write(json.dumps({"bash_env": True, "exec_string": sys.argv[2]})+"\\n")' ${JSON.stringify(log)} "$BASH_EXECUTION_STRING"
fi
`,
  );
  return { dir, bash, bashEnv, log };
}
