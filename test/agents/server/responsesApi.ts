// Just enough of the OpenAI Responses API (streaming) for Codex to run one shell call.
import type { ServerResponse } from 'node:http';
import { sendSse } from './sse.js';
import { textOf, type ScriptedTurn, type ToolResultSeen } from './turn.js';

interface Tool {
  type?: string;
  name?: string;
}
interface InputItem {
  type?: string;
  output?: unknown;
  call_id?: string;
}
interface ResponsesBody {
  tools?: Tool[];
  input?: InputItem[] | string;
}

const usage = {
  input_tokens: 10,
  input_tokens_details: { cached_tokens: 0 },
  output_tokens: 5,
  output_tokens_details: { reasoning_tokens: 0 },
  total_tokens: 15,
};

/** The call item for whichever shell tool this codex build offers (names changed across versions). */
function shellCall(tools: Tool[], command: string): Record<string, unknown> | undefined {
  const names = new Set(tools.map((t) => t.name));
  const call = { type: 'function_call', id: `fc_${Date.now()}`, call_id: `call_${Date.now()}`, status: 'completed' };
  if (names.has('exec_command')) return { ...call, name: 'exec_command', arguments: JSON.stringify({ cmd: command }) };
  if (names.has('shell_command')) return { ...call, name: 'shell_command', arguments: JSON.stringify({ command }) };
  if (names.has('shell'))
    return { ...call, name: 'shell', arguments: JSON.stringify({ command: ['bash', '-lc', command] }) };
  return undefined;
}

function stream(res: ServerResponse, item: Record<string, unknown>): void {
  const id = `resp_${Date.now()}`;
  sendSse(res, [
    { event: 'response.created', data: { type: 'response.created', response: { id } } },
    { event: 'response.output_item.done', data: { type: 'response.output_item.done', output_index: 0, item } },
    { event: 'response.completed', data: { type: 'response.completed', response: { id, usage, output: [] } } },
  ]);
}

function message(text: string): Record<string, unknown> {
  return {
    type: 'message',
    role: 'assistant',
    id: `msg_${Date.now()}`,
    status: 'completed',
    content: [{ type: 'output_text', text, annotations: [] }],
  };
}

/** Returns a note for the unknown-routes log when the request offered no shell tool. */
export function answerResponses(
  res: ServerResponse,
  body: ResponsesBody,
  turn: ScriptedTurn,
  seen: ToolResultSeen[],
): string | undefined {
  const items = Array.isArray(body.input) ? body.input : [];
  const outputs = items.filter((i) => i.type === 'function_call_output');
  if (items.at(-1)?.type === 'function_call_output')
    seen.push({ api: 'responses', text: textOf(items.at(-1)!.output) });
  const next = turn.commands[outputs.length];
  if (next === undefined) {
    stream(res, message(turn.finalText));
    return undefined;
  }
  const call = shellCall(body.tools ?? [], next);
  if (!call) {
    stream(res, message('no shell tool offered'));
    return `responses: no known shell tool in ${JSON.stringify((body.tools ?? []).map((t) => t.name))}`;
  }
  stream(res, call);
  return undefined;
}
