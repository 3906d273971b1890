'use strict';
// A FAKE agent: starts its shell exactly the way DESIGN.md §5 (and the captured text in
// captured/*.jsonl) says the real agent of the same name does, runs one "model" command, and
// prints what the agent would see as one JSON line: {steps: [{what, status, stdout, stderr}]}.
// Usage: <agent-name> '<command>'
const { spawnSync } = require('node:child_process');
const { mkdirSync, mkdtempSync, readFileSync } = require('node:fs');
const { tmpdir, userInfo } = require('node:os');
const { basename, join } = require('node:path');

const name = basename(process.argv[1]);
// Like the real Codex, skip the global flags its launcher puts first (`-c key=value`, `--dangerously-bypass-hook-trust`).
const rest = process.argv.slice(2);
while (rest[0] === '-c' || rest[0] === '--dangerously-bypass-hook-trust') rest.splice(0, rest[0] === '-c' ? 2 : 1);
const cmd = rest[0] ?? 'true';
const home = process.env.HOME;
const steps = [];

function captured(agent, index) {
  const lines = readFileSync(join(__dirname, 'captured', `${agent}.jsonl`), 'utf8')
    .trim()
    .split('\n');
  return JSON.parse(lines[index]);
}

/** Placeholders of the captured text, filled the way the real agent fills them. */
function fill(text) {
  return text.split('$HOME').join(home).split('$AGENT_INSTALL').join(join(home, '.agent-install'));
}

function sq(text) {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

/** Claude Code's test for a here-document in the command (its `um`/`fyo`, 2.1.332 and 2.1.197 alike). */
function hasHeredoc(text) {
  if (/\d\s*<<\s*\d/.test(text) || /\[\[\s*\d+\s*<<\s*\d+\s*\]\]/.test(text) || /\$\(\(.*<<.*\)\)/.test(text))
    return false;
  return /<<-?\s*(?:(['"]?)(\w+)\1|\\(\w+))/.test(text);
}

/** How Claude Code puts the model's command after `eval`: a here-document gets `'"'"'` quoting and no `< /dev/null`. */
function claudeEval(text) {
  return hasHeredoc(text) ? `eval '${text.replace(/'/g, `'"'"'`)}'` : `eval ${sq(text)} < /dev/null`;
}

function run(what, file, args) {
  // Node's default stdio pipes, like the real Node agents (they are socketpairs, which matters to bash).
  const r = spawnSync(file, args, { encoding: 'utf8', env: process.env, timeout: 60_000 });
  steps.push({
    what,
    file,
    status: r.status,
    stdout: r.stdout,
    stderr: r.stderr,
    error: r.error ? String(r.error) : undefined,
  });
}

function claude() {
  const env = process.env;
  const shell = env.CLAUDE_CODE_SHELL || (/bash|zsh/.test(env.SHELL || '') ? env.SHELL : '/bin/bash');
  // Claude writes its own PATH into the snapshot script (captured with the shim dir as $SHIMDIR).
  const snapshotArgs = captured('claude', 0).args.map((a) =>
    fill(a).replace(/^export PATH=.*$/m, `export PATH=${process.env.PATH}`),
  );
  const snapshot = /SNAPSHOT_FILE=(\S+)/.exec(snapshotArgs[2])[1];
  mkdirSync(join(home, '.claude', 'shell-snapshots'), { recursive: true });
  run('snapshot', shell, snapshotArgs);
  run('env-probe', shell, ['-c', 'env']);
  const cwdFile = join(
    tmpdir(),
    `claude-${Math.floor(Math.random() * 0xffff)
      .toString(16)
      .padStart(4, '0')}-cwd`,
  );
  if (process.env.FAKE_CLAUDE_VERSION === '2.1.332') {
    // Claude Code 2.1.332's envelope (captured/claude-2.1.332.jsonl), with this run's snapshot, command and cwd file.
    const text = captured('claude-2.1.332', 2)
      .args[1].replace(/source \S+/, `source ${snapshot}`)
      .replace("eval 'touch marker.txt' < /dev/null", () => claudeEval(cmd))
      .replace(/\/tmp\/claude-[0-9a-f]{4}-cwd/, cwdFile);
    run('command', shell, ['-c', text]);
    return;
  }
  run('command', shell, [
    '-c',
    `source ${snapshot} 2>/dev/null || true && shopt -u extglob 2>/dev/null || true && ${claudeEval(cmd)} && pwd -P >| ${cwdFile}`,
  ]);
}

function gemini() {
  const text = captured('gemini', 0).args[1];
  const dir = mkdtempSync(join(tmpdir(), 'gemini-shell-'));
  const envelope = text.replace(/\/tmp\/gemini-shell-[A-Za-z0-9]+/, dir).replace('\ntouch marker.txt\n', `\n${cmd}\n`);
  run('command', 'bash', ['-c', envelope]); // looked up on PATH
}

function codex() {
  const login = userInfo().shell || '/bin/bash'; // the passwd login shell, by absolute path
  // Start-up: the snapshot script, then a check that the snapshot sources cleanly.
  // The snapshot script's `$HOME` is shell code, not a placeholder: sent exactly as captured.
  run('snapshot', login, ['-lc', captured('codex', 0).exec_string]);
  const snapshotFile = join(
    home,
    '.codex',
    'shell_snapshots',
    '01a226eb-1808-7bd2-8b19-a9f8de704a70.tmp-1795949271057006397',
  );
  mkdirSync(join(home, '.codex', 'shell_snapshots'), { recursive: true });
  require('node:fs').writeFileSync(snapshotFile, steps[0].stdout.split('\0')[0] || '# Snapshot file\n');
  run('snapshot-check', login, ['-c', `set -e; . "${snapshotFile}"`]);
  const wrapper = fill(captured('codex', 2).exec_string).replace(
    "exec '/bin/bash' -c 'touch marker.txt'",
    `exec '/bin/bash' -c ${sq(cmd)}`,
  );
  run('command', login, ['-lc', wrapper]);
}

function copilot() {
  const shell = process.env.COPILOT_BASH_PATH || '/bin/bash';
  run('login-env', shell, captured('copilot', 0).args);
  run('command', shell, ['--norc', '--noprofile', '-c', cmd]);
}

const which = (n) => spawnSync('/bin/sh', ['-c', `command -v ${n}`], { encoding: 'utf8' }).stdout.trim();
const agents = {
  claude,
  gemini,
  codex,
  copilot,
  qwen: () => run('command', 'bash', ['-c', cmd]),
  opencode: () => run('command', process.env.SHELL?.startsWith('/') ? process.env.SHELL : which('bash'), ['-c', cmd]),
  cn: () => run('command', process.env.SHELL || '/bin/bash', ['-l', '-c', cmd]),
  goose: () => run('command', process.env.GOOSE_SHELL || 'bash', ['-c', cmd]),
  cline: () => run('command', '/bin/bash', ['-c', cmd]),
  // Aider: with a terminal `$SHELL -i -c`; without one a hard-coded `/bin/sh -c`.
  aider: () =>
    process.stdin.isTTY
      ? run('command', process.env.SHELL || '/bin/bash', ['-i', '-c', cmd])
      : run('command', '/bin/sh', ['-c', cmd]),
};
if (!agents[name]) {
  process.stderr.write(`fake agent: unknown name ${name}\n`);
  process.exit(2);
}
agents[name]();
process.stdout.write(
  `${JSON.stringify({ agent: name, env: { SHIMCTL_AGENT: process.env.SHIMCTL_AGENT, SHIMCTL_SESSION: process.env.SHIMCTL_SESSION }, steps })}\n`,
);
