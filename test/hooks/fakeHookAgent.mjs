#!/usr/bin/env node
// FAKE agent (not a real one): plays the hook side of Codex, Cline or Crush exactly as their
// public sources document it (see docs/hooks.md), then runs the command itself only if the hook
// let it. Usage: fakeHookAgent.mjs <codex|cline|crush> <hook command> <shell command> [raw stdin]
// Prints one JSON line: { ran, blocked, reason, output, hookStatus }.
import { spawnSync } from 'node:child_process';

const [agent, hookCommand, command, raw] = process.argv.slice(2);
const cwd = process.cwd();

function payload() {
  if (raw !== undefined) return raw;
  if (agent === 'codex') {
    // codex-rs/hooks/schema/generated/pre-tool-use.command.input.schema.json
    return JSON.stringify({
      session_id: 'fake-session',
      turn_id: 't-1',
      transcript_path: null,
      cwd,
      hook_event_name: 'PreToolUse',
      model: 'fake',
      permission_mode: 'bypassPermissions',
      tool_name: 'Bash',
      tool_input: { command },
      tool_use_id: 'call-1',
    });
  }
  if (agent === 'crush') {
    // charmbracelet/crush docs/hooks/README.md, "JSON"
    return JSON.stringify({
      event: 'PreToolUse',
      session_id: 'fake-session',
      cwd,
      tool_name: 'bash',
      tool_input: { command },
    });
  }
  // cline/cline .clinerules/hooks/README.md, "Input"
  return JSON.stringify({
    clineVersion: '3.0.0',
    hookName: 'PreToolUse',
    timestamp: new Date().toISOString(),
    taskId: 'fake-task',
    workspaceRoots: [cwd],
    userId: 'u',
    preToolUse: { toolName: 'execute_command', parameters: { command, requires_approval: 'false' } },
  });
}

function runHook() {
  const input = payload();
  if (agent === 'codex') {
    // Codex runs a hook command through `$SHELL -lc <command>` (codex-rs/hooks/src/engine/command_runner.rs).
    return spawnSync(process.env.SHELL || '/bin/sh', ['-lc', hookCommand], {
      input,
      encoding: 'utf8',
      timeout: 60_000,
    });
  }
  if (agent === 'crush') {
    // Crush's embedded shell dispatches a shebang script to its interpreter; extra env per its docs.
    const env = {
      ...process.env,
      CRUSH: '1',
      AGENT: 'crush',
      AI_AGENT: 'crush',
      CRUSH_EVENT: 'PreToolUse',
      CRUSH_TOOL_NAME: 'bash',
      CRUSH_TOOL_INPUT_COMMAND: command,
      CRUSH_CWD: cwd,
    };
    return spawnSync(hookCommand, [], { input, encoding: 'utf8', env, timeout: 60_000 });
  }
  // Cline executes the hook file (shebang) with the JSON on stdin.
  return spawnSync(hookCommand, [], { input, encoding: 'utf8', timeout: 30_000 });
}

function decide(r) {
  if (agent === 'cline') {
    // Only a JSON answer with cancel: true blocks.
    try {
      const answer = JSON.parse(r.stdout);
      return answer.cancel === true ? { blocked: true, reason: answer.errorMessage ?? '' } : { blocked: false };
    } catch {
      return { blocked: false, reason: 'hook output was not JSON' };
    }
  }
  // Codex and Crush: exit 2 blocks with stderr as the reason (Codex needs a non-empty reason);
  // any other status is a failed hook, logged, and the tool call goes on.
  if (r.status === 2 && (agent === 'crush' || r.stderr.trim() !== ''))
    return { blocked: true, reason: r.stderr.trim() };
  if (agent === 'crush' && r.status === 0 && r.stdout.trim()) {
    try {
      const answer = JSON.parse(r.stdout);
      if (answer.decision === 'deny') return { blocked: true, reason: answer.reason ?? '' };
    } catch {
      /* not JSON: no opinion */
    }
  }
  return { blocked: false };
}

const r = runHook();
const d = decide(r);
let ran = false;
let output = '';
if (!d.blocked) {
  const run = spawnSync('/bin/bash', ['-c', command], {
    encoding: 'utf8',
    timeout: 30_000,
    env: { ...process.env, BASH_ENV: '' },
  });
  ran = true;
  output = run.stdout + run.stderr;
}
process.stdout.write(
  `${JSON.stringify({ ran, blocked: d.blocked, reason: d.reason ?? '', output, hookStatus: r.status, hookStderr: r.stderr })}\n`,
);
