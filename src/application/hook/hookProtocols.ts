/**
 * The PreToolUse hook protocols of the agents whose shell no PATH or SHELL shim can reach.
 * Each one is data plus two small functions: read the agent's JSON, answer in its own words.
 * Sources (see docs/hooks.md): openai/codex codex-rs/hooks (schema + events/pre_tool_use.rs),
 * cline/cline .clinerules/hooks/README.md, charmbracelet/crush docs/hooks/README.md.
 */

export type HookAgent = 'codex' | 'cline' | 'crush';
export const HOOK_AGENTS: readonly HookAgent[] = ['codex', 'cline', 'crush'];

/** What the agent's JSON says, once it has been read. */
export type HookInput =
  | { kind: 'shell'; command: string; cwd?: string; session?: string; tool: string }
  /** A tool that is not the shell (file edits, MCP…): not shimctl's to judge. */
  | { kind: 'other'; tool: string }
  | { kind: 'malformed'; reason: string };

/** What the hook process hands back: the sh wrapper relays it unchanged. */
export interface HookAnswer {
  stdout: string;
  stderr: string;
  /** 0: stdout is the answer; 2: blocked, the message is on stderr. Anything else the wrapper turns into a block. */
  exitCode: 0 | 2;
}

export interface HookProtocol {
  agent: HookAgent;
  /** The tool names that run shell text. */
  shellTools: readonly string[];
  /**
   * How long an approval may wait: below the agent's own hook timeout, because a hook that
   * times out counts as "no opinion" for Crush and as a failed (non-blocking) hook for Codex.
   */
  maxApprovalSeconds: number;
  /**
   * The agent then runs the allowed text in a bash the BASH_ENV guard checks again: the hook leaves
   * a single-use pass so that the guard neither reviews, records nor asks a second time.
   */
  passToGuard?: boolean;
  read(input: unknown): HookInput;
  allow(): HookAnswer;
  block(message: string): HookAnswer;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function optionalString(v: unknown): string | undefined {
  return typeof v === 'string' && v !== '' ? v : undefined;
}

/** Codex and Crush share Claude Code's shape: `tool_name`, `tool_input.command`, `cwd`, `session_id`. */
function readClaudeShape(
  input: unknown,
  shellTools: readonly string[],
  event: { key: string; value: string },
): HookInput {
  if (!isObject(input)) return { kind: 'malformed', reason: 'the hook input is not a JSON object' };
  if (input[event.key] !== undefined && input[event.key] !== event.value) {
    return {
      kind: 'malformed',
      reason: `the hook input is for event '${String(input[event.key])}', not ${event.value}`,
    };
  }
  const tool = input.tool_name;
  if (typeof tool !== 'string' || tool === '') return { kind: 'malformed', reason: 'the hook input has no tool_name' };
  if (!shellTools.includes(tool)) return { kind: 'other', tool };
  const toolInput = input.tool_input;
  const command = isObject(toolInput) ? toolInput.command : undefined;
  if (typeof command !== 'string')
    return { kind: 'malformed', reason: `the ${tool} call has no tool_input.command string` };
  return { kind: 'shell', command, cwd: optionalString(input.cwd), session: optionalString(input.session_id), tool };
}

const exit2 = (message: string): HookAnswer => ({
  stdout: '',
  stderr: message.endsWith('\n') ? message : `${message}\n`,
  exitCode: 2,
});

/** Codex CLI: `tool_name` is `Bash` for its shell tools; exit 2 with a reason on stderr blocks. */
export const codexProtocol: HookProtocol = {
  agent: 'codex',
  shellTools: ['Bash'],
  // The launcher passes timeout = 600 for shimctl's hook.
  maxApprovalSeconds: 540,
  passToGuard: true,
  read: (input) => readClaudeShape(input, ['Bash'], { key: 'hook_event_name', value: 'PreToolUse' }),
  // Empty stdout, exit 0: no opinion, Codex goes on (its BASH_ENV guard takes the hook's pass, or checks again).
  allow: () => ({ stdout: '', stderr: '', exitCode: 0 }),
  block: exit2,
};

/** Crush: `tool_name` is `bash`; exit 2 with stderr denies. */
export const crushProtocol: HookProtocol = {
  agent: 'crush',
  shellTools: ['bash'],
  // docs/hooks.md tells users to give shimctl's hook timeout = 600.
  maxApprovalSeconds: 540,
  read: (input) => readClaudeShape(input, ['bash'], { key: 'event', value: 'PreToolUse' }),
  // Silence, not `{"decision":"allow"}`: shimctl does not vouch past its review, so Crush's own
  // permission prompt still applies.
  allow: () => ({ stdout: '', stderr: '', exitCode: 0 }),
  block: exit2,
};

/** Cline: `preToolUse.toolName` is `execute_command`; the answer is `{"cancel": …}` on stdout. */
export const clineProtocol: HookProtocol = {
  agent: 'cline',
  shellTools: ['execute_command'],
  // Cline gives a hook 30 s.
  maxApprovalSeconds: 25,
  read(input) {
    if (!isObject(input)) return { kind: 'malformed', reason: 'the hook input is not a JSON object' };
    // Cline 3 sends its PreToolUse file the event under its new name, `tool_call` (3.0.65's bundle
    // maps PreToolUse → "tool_call"); Cline 2 sent `PreToolUse`.
    if (input.hookName !== undefined && input.hookName !== 'PreToolUse' && input.hookName !== 'tool_call') {
      return { kind: 'malformed', reason: `the hook input is for '${String(input.hookName)}', not PreToolUse` };
    }
    const pre = input.preToolUse;
    if (!isObject(pre)) return { kind: 'malformed', reason: 'the hook input has no preToolUse object' };
    const tool = pre.toolName;
    if (typeof tool !== 'string' || tool === '')
      return { kind: 'malformed', reason: 'the hook input has no preToolUse.toolName' };
    if (tool !== 'execute_command') return { kind: 'other', tool };
    const params = pre.parameters;
    const command = isObject(params) ? params.command : undefined;
    if (typeof command !== 'string')
      return { kind: 'malformed', reason: 'the execute_command call has no parameters.command string' };
    const roots = Array.isArray(input.workspaceRoots) ? input.workspaceRoots : [];
    return { kind: 'shell', command, cwd: optionalString(roots[0]), session: optionalString(input.taskId), tool };
  },
  allow: () => ({ stdout: '{"cancel":false}\n', stderr: '', exitCode: 0 }),
  block: (message) => ({
    stdout: `${JSON.stringify({ cancel: true, errorMessage: message.trim() })}\n`,
    stderr: '',
    exitCode: 0,
  }),
};

export function hookProtocol(agent: string): HookProtocol | undefined {
  return [codexProtocol, clineProtocol, crushProtocol].find((p) => p.agent === agent);
}
