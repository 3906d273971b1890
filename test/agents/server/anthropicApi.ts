// Just enough of the Anthropic Messages API (streaming) for Claude Code to run one Bash call.
import type { ServerResponse } from 'node:http';
import { sendJson, sendSse } from './sse.js';
import { textOf, type ScriptedTurn, type ToolResultSeen } from './turn.js';

interface Block {
  type: string;
  content?: unknown;
  is_error?: boolean;
  text?: string;
}
interface MessagesBody {
  stream?: boolean;
  tools?: Array<{ name?: string }>;
  messages?: Array<{ role: string; content: string | Block[] }>;
}

function toolResults(body: MessagesBody): Block[] {
  return (body.messages ?? []).flatMap((m) =>
    typeof m.content === 'string' ? [] : m.content.filter((b) => b.type === 'tool_result'),
  );
}

function lastToolResult(body: MessagesBody): Block | undefined {
  const last = body.messages?.at(-1);
  if (!last || typeof last.content === 'string') return undefined;
  return last.content.find((b) => b.type === 'tool_result');
}

function messageEvents(block: Record<string, unknown>, delta: Record<string, unknown>, stopReason: string) {
  const message = {
    id: `msg_${Date.now()}`,
    type: 'message',
    role: 'assistant',
    model: 'claude-scripted',
    content: [],
    stop_reason: null,
    stop_sequence: null,
    usage: { input_tokens: 10, output_tokens: 1 },
  };
  return [
    { event: 'message_start', data: { type: 'message_start', message } },
    { event: 'content_block_start', data: { type: 'content_block_start', index: 0, content_block: block } },
    { event: 'content_block_delta', data: { type: 'content_block_delta', index: 0, delta } },
    { event: 'content_block_stop', data: { type: 'content_block_stop', index: 0 } },
    {
      event: 'message_delta',
      data: {
        type: 'message_delta',
        delta: { stop_reason: stopReason, stop_sequence: null },
        usage: { output_tokens: 5 },
      },
    },
    { event: 'message_stop', data: { type: 'message_stop' } },
  ];
}

function sendText(res: ServerResponse, body: MessagesBody, text: string): void {
  if (body.stream) {
    sendSse(res, messageEvents({ type: 'text', text: '' }, { type: 'text_delta', text }, 'end_turn'));
  } else {
    sendJson(res, 200, {
      id: 'msg_text',
      type: 'message',
      role: 'assistant',
      model: 'claude-scripted',
      content: [{ type: 'text', text }],
      stop_reason: 'end_turn',
      stop_sequence: null,
      usage: { input_tokens: 10, output_tokens: 5 },
    });
  }
}

export function answerMessages(
  res: ServerResponse,
  body: MessagesBody,
  turn: ScriptedTurn,
  seen: ToolResultSeen[],
): void {
  // The newest tool result, once: usually the last message, but Claude 2.1.3xx can add a message of
  // its own after it (e.g. when the command changed directory), so a new one is looked for in all.
  const all = toolResults(body);
  const result =
    lastToolResult(body) ?? (all.length > seen.filter((x) => x.api === 'anthropic').length ? all.at(-1) : undefined);
  if (result) seen.push({ api: 'anthropic', text: textOf(result.content), isError: result.is_error === true });
  const next = turn.commands[toolResults(body).length];
  if (next === undefined) {
    sendText(res, body, result ? turn.finalText : 'ok');
    return;
  }
  // Side calls (title generation, quota probes) carry no Bash tool: answer them with plain text.
  const hasBash = body.tools?.some((t) => t.name === 'Bash');
  if (!hasBash || !body.stream) {
    sendText(res, body, 'ok');
    return;
  }
  const input = JSON.stringify({ command: next, description: 'scripted test command' });
  sendSse(
    res,
    messageEvents(
      { type: 'tool_use', id: `toolu_${Date.now()}`, name: 'Bash', input: {} },
      { type: 'input_json_delta', partial_json: input },
      'tool_use',
    ),
  );
}
