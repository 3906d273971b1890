// A scripted model on 127.0.0.1: speaks just enough of the Anthropic, OpenAI Responses, OpenAI Chat Completions and Gemini APIs
// to make a real agent call its shell tool with a command the test chooses, then end the turn.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { answerMessages } from './server/anthropicApi.js';
import { answerChat } from './server/chatCompletionsApi.js';
import { answerGenerate, answerStream } from './server/geminiApi.js';
import { answerResponses } from './server/responsesApi.js';
import { sendJson } from './server/sse.js';
import type { RecordedRequest, ScriptedTurn, ToolResultSeen } from './server/turn.js';

export type { ScriptedTurn, ToolResultSeen } from './server/turn.js';

export interface ModelServer {
  url: string;
  /** What the next agent turn asks for: one command, or several run one after the other. */
  script(turn: { command?: string; commands?: string[]; finalText?: string }): void;
  toolResults: ToolResultSeen[];
  requests: RecordedRequest[];
  /** Routes the server did not know; printed by tests so API drift is visible. */
  unknown: string[];
  reset(): void;
  close(): Promise<void>;
}

async function readBody(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export async function startModelServer(): Promise<ModelServer> {
  let turn: ScriptedTurn = { commands: ['true'], finalText: 'Done.' };
  const toolResults: ToolResultSeen[] = [];
  const requests: RecordedRequest[] = [];
  const unknown: string[] = [];
  const started = Date.now();

  const server: Server = createServer(async (req, res) => {
    const url = req.url ?? '/';
    const path = url.split('?')[0] ?? '/';
    const body = await readBody(req);
    requests.push({ method: req.method ?? '', url, body, at: Date.now() - started });
    try {
      if (req.method === 'HEAD' || (req.method === 'GET' && path === '/')) {
        res.writeHead(200);
        res.end();
        return;
      }
      if (req.method === 'POST' && path === '/v1/messages')
        return answerMessages(res, body as never, turn, toolResults);
      if (req.method === 'POST' && path === '/v1/messages/count_tokens')
        return sendJson(res, 200, { input_tokens: 10 });
      if (req.method === 'POST' && path === '/v1/responses') {
        const note = answerResponses(res, body as never, turn, toolResults);
        if (note) unknown.push(note);
        return;
      }
      if (req.method === 'POST' && path === '/v1/chat/completions')
        return answerChat(res, body as never, turn, toolResults);
      if (req.method === 'GET' && path === '/v1/models')
        return sendJson(res, 200, { object: 'list', data: [], models: [] });
      if (req.method === 'POST' && path.endsWith(':streamGenerateContent'))
        return answerStream(res, body as never, turn, toolResults);
      if (req.method === 'POST' && path.endsWith(':generateContent')) return answerGenerate(res);
      if (req.method === 'POST' && path.endsWith(':countTokens')) return sendJson(res, 200, { totalTokens: 10 });
      unknown.push(`${req.method} ${url}`);
      sendJson(res, 404, { error: { type: 'not_found', message: `scripted model: no route ${req.method} ${path}` } });
    } catch (error) {
      unknown.push(`${req.method} ${url}: ${String(error)}`);
      if (!res.headersSent) sendJson(res, 500, { error: { message: String(error) } });
      else res.end();
    }
  });
  // Loopback only: the agents must never reach a real provider, and nothing outside may reach us.
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    script(next) {
      turn = {
        commands: next.commands ?? (next.command === undefined ? [] : [next.command]),
        finalText: next.finalText ?? 'Scripted turn finished.',
      };
    },
    toolResults,
    requests,
    unknown,
    reset() {
      toolResults.length = 0;
      requests.length = 0;
      unknown.length = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
