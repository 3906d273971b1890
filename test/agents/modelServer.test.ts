// The scripted model on its own, without any agent: each API answers a first request with the
// scripted shell call and the follow-up with the final text, recording the tool result it got.
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { startModelServer, type ModelServer } from './modelServer.js';

let server: ModelServer;
beforeAll(async () => {
  server = await startModelServer();
});
afterAll(async () => {
  await server.close();
});
beforeEach(() => {
  server.reset();
  server.script({ command: 'touch marker.txt', finalText: 'All done.' });
});

async function post(path: string, body: unknown): Promise<string> {
  const res = await fetch(server.url + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return res.text();
}

/** The JSON payloads of an SSE stream. */
const events = (sse: string) =>
  sse
    .split('\n')
    .filter((l) => l.startsWith('data: '))
    .map((l) => JSON.parse(l.slice(6)));

test('listens on loopback only', () => {
  expect(new URL(server.url).hostname).toBe('127.0.0.1');
});

describe('Anthropic Messages (Claude Code)', () => {
  test('asks for the Bash tool with the scripted command, then ends the turn after the tool result', async () => {
    const first = events(
      await post('/v1/messages?beta=true', {
        stream: true,
        tools: [{ name: 'Bash' }],
        messages: [{ role: 'user', content: 'go' }],
      }),
    );
    const input = first
      .filter((e) => e.delta?.type === 'input_json_delta')
      .map((e) => e.delta.partial_json)
      .join('');
    expect(first.find((e) => e.type === 'content_block_start').content_block).toMatchObject({
      type: 'tool_use',
      name: 'Bash',
    });
    expect(JSON.parse(input).command).toBe('touch marker.txt');
    expect(first.find((e) => e.type === 'message_delta').delta.stop_reason).toBe('tool_use');
    const second = events(
      await post('/v1/messages', {
        stream: true,
        tools: [{ name: 'Bash' }],
        messages: [
          {
            role: 'user',
            content: [{ type: 'tool_result', tool_use_id: 't', content: 'shimctl: blocked (x)', is_error: true }],
          },
        ],
      }),
    );
    expect(second.map((e) => e.delta?.text).join('')).toBe('All done.');
    expect(server.toolResults).toEqual([{ api: 'anthropic', text: 'shimctl: blocked (x)', isError: true }]);
  });

  test('answers side calls without the Bash tool with plain text, never a tool call', async () => {
    const reply = JSON.parse(await post('/v1/messages', { messages: [{ role: 'user', content: 'title?' }] }));
    expect(reply.content).toEqual([{ type: 'text', text: 'ok' }]);
  });
});

describe('OpenAI Responses (Codex)', () => {
  test.for([
    { tool: 'exec_command', args: { cmd: 'touch marker.txt' } },
    { tool: 'shell_command', args: { command: 'touch marker.txt' } },
    { tool: 'shell', args: { command: ['bash', '-lc', 'touch marker.txt'] } },
  ])('calls $tool when that is the shell tool offered', async ({ tool, args }) => {
    const first = events(await post('/v1/responses', { tools: [{ type: 'function', name: tool }], input: [] }));
    const item = first.find((e) => e.type === 'response.output_item.done').item;
    expect(item).toMatchObject({ type: 'function_call', name: tool });
    expect(JSON.parse(item.arguments)).toEqual(args);
    expect(first.at(-1).type).toBe('response.completed');
  });

  test('records the function_call_output and answers with a message', async () => {
    const reply = events(
      await post('/v1/responses', {
        tools: [{ name: 'exec_command' }],
        input: [{ type: 'function_call_output', call_id: 'c', output: 'Output:\nhello' }],
      }),
    );
    expect(reply.find((e) => e.item)?.item.content[0].text).toBe('All done.');
    expect(server.toolResults).toEqual([{ api: 'responses', text: 'Output:\nhello' }]);
  });

  test('logs a request that offers no known shell tool instead of guessing', async () => {
    await post('/v1/responses', { tools: [{ name: 'apply_patch' }], input: [] });
    expect(server.unknown[0]).toContain('no known shell tool');
  });
});

describe('Gemini generateContent (Gemini CLI)', () => {
  const shellTools = [{ functionDeclarations: [{ name: 'run_shell_command' }] }];
  test('streams a run_shell_command call, then the final text after the functionResponse', async () => {
    const first = events(
      await post('/v1beta/models/m:streamGenerateContent?alt=sse', {
        tools: shellTools,
        contents: [{ role: 'user', parts: [{ text: 'go' }] }],
      }),
    );
    expect(first[0].candidates[0].content.parts[0].functionCall).toEqual({
      name: 'run_shell_command',
      args: { command: 'touch marker.txt' },
    });
    const second = events(
      await post('/v1beta/models/m:streamGenerateContent?alt=sse', {
        tools: shellTools,
        contents: [
          {
            role: 'user',
            parts: [{ functionResponse: { name: 'run_shell_command', response: { output: 'Output: (empty)' } } }],
          },
        ],
      }),
    );
    expect(second[0].candidates[0].content.parts[0].text).toBe('All done.');
    expect(server.toolResults).toEqual([{ api: 'gemini', text: 'Output: (empty)' }]);
  });

  test("answers the CLI's helper calls with JSON its schemas accept", async () => {
    const reply = JSON.parse(await post('/v1beta/models/m:generateContent', { contents: [] }));
    const json = JSON.parse(reply.candidates[0].content.parts[0].text);
    expect(json).toMatchObject({
      next_speaker: 'user',
      complexity_score: expect.any(Number),
      complexity_reasoning: expect.any(String),
    });
  });
});

test('an unknown route is a 404 and is logged, so API drift shows up in test output', async () => {
  const res = await fetch(`${server.url}/v2/whatever`, { method: 'POST', body: '{}' });
  expect(res.status).toBe(404);
  expect(server.unknown).toEqual(['POST /v2/whatever']);
});

test('several scripted commands become successive tool calls within one turn', async () => {
  server.script({ commands: ['ls', 'pwd'], finalText: 'Both done.' });
  const call = (sse: string) =>
    JSON.parse(
      events(sse)
        .filter((e) => e.delta?.type === 'input_json_delta')
        .map((e) => e.delta.partial_json)
        .join('') || '{}',
    );
  const tools = [{ name: 'Bash' }];
  const result = (id: string) => ({
    role: 'user',
    content: [{ type: 'tool_result', tool_use_id: id, content: `out-${id}` }],
  });
  expect(
    call(await post('/v1/messages', { stream: true, tools, messages: [{ role: 'user', content: 'go' }] })).command,
  ).toBe('ls');
  expect(
    call(await post('/v1/messages', { stream: true, tools, messages: [{ role: 'user', content: 'go' }, result('1')] }))
      .command,
  ).toBe('pwd');
  const last = events(
    await post('/v1/messages', {
      stream: true,
      tools,
      messages: [{ role: 'user', content: 'go' }, result('1'), result('2')],
    }),
  );
  expect(last.map((e) => e.delta?.text).join('')).toBe('Both done.');
  expect(server.toolResults.map((r) => r.text)).toEqual(['out-1', 'out-2']);
});
