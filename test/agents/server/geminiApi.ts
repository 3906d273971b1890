// Just enough of the Gemini generateContent API for Gemini CLI to run one run_shell_command call.
import type { ServerResponse } from 'node:http';
import { sendJson, sendSse } from './sse.js';
import { textOf, type ScriptedTurn, type ToolResultSeen } from './turn.js';

interface Part {
  text?: string;
  functionCall?: unknown;
  functionResponse?: { name?: string; response?: unknown };
}
interface GeminiBody {
  contents?: Array<{ role?: string; parts?: Part[] }>;
  tools?: Array<{ functionDeclarations?: Array<{ name?: string }> }>;
}

const usageMetadata = { promptTokenCount: 10, candidatesTokenCount: 5, totalTokenCount: 15 };

function candidate(parts: Part[]) {
  return { candidates: [{ content: { role: 'model', parts }, finishReason: 'STOP', index: 0 }], usageMetadata };
}

function lastFunctionResponse(body: GeminiBody): Part['functionResponse'] | undefined {
  const last = body.contents?.at(-1);
  return last?.parts?.find((p) => p.functionResponse)?.functionResponse;
}

function offersShell(body: GeminiBody): boolean {
  return (body.tools ?? []).some((t) => (t.functionDeclarations ?? []).some((f) => f.name === 'run_shell_command'));
}

/** Non-streaming calls are the CLI's own helpers (next-speaker check, routing): they want JSON text. */
export function answerGenerate(res: ServerResponse): void {
  // One object satisfying every helper schema seen: next-speaker check and the numerical model router.
  const json = JSON.stringify({
    reasoning: 'scripted',
    next_speaker: 'user',
    model_choice: 'flash',
    complexity_reasoning: 'scripted',
    complexity_score: 1,
  });
  sendJson(res, 200, candidate([{ text: json }]));
}

export function answerStream(res: ServerResponse, body: GeminiBody, turn: ScriptedTurn, seen: ToolResultSeen[]): void {
  const response = lastFunctionResponse(body);
  if (response) seen.push({ api: 'gemini', text: textOf(response.response) });
  const answered = (body.contents ?? []).flatMap((c) => c.parts ?? []).filter((p) => p.functionResponse).length;
  const next = turn.commands[answered];
  if (next === undefined || !offersShell(body)) {
    sendSse(res, [{ data: candidate([{ text: response ? turn.finalText : 'ok' }]) }]);
    return;
  }
  sendSse(res, [{ data: candidate([{ functionCall: { name: 'run_shell_command', args: { command: next } } }]) }]);
}
