// Cline's hook input, Cline 2 and Cline 3 (3.0.65 sends its PreToolUse file `hookName: "tool_call"`,
// seen in the real run of test/agents/moreAgents.test.ts): what the protocol reads from each.
import { describe, expect, it } from 'vitest';
import { clineProtocol } from '../../src/application/hook/hookProtocols.js';

const pre = (hookName: string, toolName: string, parameters: Record<string, string>) => ({
  hookName,
  taskId: 't',
  workspaceRoots: ['/w'],
  preToolUse: { toolName, parameters },
});

const CASES: Array<{ id: string; input: unknown; kind: string; command?: string }> = [
  {
    id: 'Cline 2 PreToolUse, execute_command',
    input: pre('PreToolUse', 'execute_command', { command: 'ls' }),
    kind: 'shell',
    command: 'ls',
  },
  {
    id: 'Cline 3 tool_call, execute_command',
    input: pre('tool_call', 'execute_command', { command: 'rm -rf /' }),
    kind: 'shell',
    command: 'rm -rf /',
  },
  { id: 'Cline 3 tool_call, another tool', input: pre('tool_call', 'read_file', { path: 'a' }), kind: 'other' },
  {
    id: 'Cline 3 tool_result (after the tool): not a PreToolUse input',
    input: pre('tool_result', 'execute_command', { command: 'ls' }),
    kind: 'malformed',
  },
  {
    id: 'Cline 3 agent_start: not a PreToolUse input',
    input: pre('agent_start', 'execute_command', { command: 'ls' }),
    kind: 'malformed',
  },
];

describe("Cline's PreToolUse input", () => {
  it.each(CASES)('$id', (c) => {
    const read = clineProtocol.read(c.input);
    expect(read.kind).toBe(c.kind);
    if (c.command !== undefined) expect(read).toMatchObject({ command: c.command });
  });
});
