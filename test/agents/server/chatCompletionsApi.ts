// Just enough of the OpenAI Chat Completions API (streaming or not) for Qwen Code to run one shell call.
import type { ServerResponse } from 'node:http';
import { sendJson, sendSse } from './sse.js';
import { textOf, type ScriptedTurn, type ToolResultSeen } from './turn.js';

interface ChatBody {
  stream?: boolean;
  model?: string;
  tools?: Array<{ function?: { name?: string } }>;
  messages?: Array<{ role: string; content?: unknown }>;
}

/** Shell tool names of the agents that use this API, most specific first. */
const SHELL_TOOLS = ['run_shell_command', 'bash', 'Bash', 'shell', 'run_commands', 'Execute'];
/** Tools whose arguments are not `{command}`: Cline 3's run_commands takes a list; Droid's Execute is `{command}` too. */
const ARGUMENTS: Record<string, (command: string) => unknown> = {
  run_commands: (command) => ({ commands: [command] }),
};

function reply(res: ServerResponse, body: ChatBody, message: Record<string, unknown>, finish: string): void {
  const base = {
    id: `chatcmpl-${Date.now()}`,
    created: Math.floor(Date.now() / 1000),
    model: body.model ?? 'scripted',
  };
  const usage = { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 };
  if (!body.stream) {
    sendJson(res, 200, {
      ...base,
      object: 'chat.completion',
      choices: [{ index: 0, message: { role: 'assistant', ...message }, finish_reason: finish }],
      usage,
    });
    return;
  }
  const chunk = (delta: unknown, finishReason: string | null, extra = {}) => ({
    data: {
      ...base,
      object: 'chat.completion.chunk',
      choices: [{ index: 0, delta, finish_reason: finishReason }],
      ...extra,
    },
  });
  const events = [chunk({ role: 'assistant', ...message }, null), chunk({}, finish, { usage })];
  sendSse(res, events);
}

export function answerChat(res: ServerResponse, body: ChatBody, turn: ScriptedTurn, seen: ToolResultSeen[]): void {
  const last = body.messages?.at(-1);
  if (last?.role === 'tool') seen.push({ api: 'chat', text: textOf(last.content) });
  const next = turn.commands[(body.messages ?? []).filter((m) => m.role === 'tool').length];
  if (next === undefined) {
    reply(res, body, { content: last?.role === 'tool' ? turn.finalText : 'ok' }, 'stop');
    return;
  }
  const offered = new Set((body.tools ?? []).map((t) => t.function?.name));
  const tool = SHELL_TOOLS.find((name) => offered.has(name));
  if (!tool) {
    // Helper calls (next-speaker checks, summaries) carry no shell tool: they want JSON text.
    reply(res, body, { content: JSON.stringify({ reasoning: 'scripted', next_speaker: 'user' }) }, 'stop');
    return;
  }
  const call = {
    index: 0,
    id: `call_${Date.now()}`,
    type: 'function',
    function: { name: tool, arguments: JSON.stringify(ARGUMENTS[tool]?.(next) ?? { command: next }) },
  };
  reply(res, body, { content: null, tool_calls: [call] }, 'tool_calls');
}
